import { DEFAULT_ROLE_SETTINGS, ROLE_MESSAGES, VERSION_REQUIRED } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { readRoleSettings } from ".";

let t: TestApp;
let admin: string;
let sam: string;
let mia: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, sam, mia] = await Promise.all([t.login(), t.login("sam@loupe.test"), t.login("mia@loupe.test")]);
});
afterAll(() => t.close());

const URL = "/api/staff/settings/roles";
const put = (token: string, payload: unknown) =>
  t.call(token, { method: "PUT", url: URL, payload: payload as object });
const settings = (over: Partial<typeof DEFAULT_ROLE_SETTINGS> = {}) => ({
  ...DEFAULT_ROLE_SETTINGS,
  ...over,
});

describe("role settings", () => {
  it("answers the defaults at version 1 to any signed-in member before anyone saved", async () => {
    for (const token of [sam, mia]) {
      const res = await t.call(token, { method: "GET", url: URL });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        settings: DEFAULT_ROLE_SETTINGS,
        version: 1,
        updated_by: null,
      });
    }
  });

  it("is edited by administrators only", async () => {
    for (const token of [sam, mia]) {
      const res = await put(token, { settings: settings(), version: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ROLE_MESSAGES.settingsAdminOnly);
    }
  });

  it("refuses an edit without the version read (428), naming it", async () => {
    const res = await put(admin, { settings: settings() });
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({
      code: "precondition_required",
      message: VERSION_REQUIRED,
    });
    expect(res.json().errors.version).toEqual([VERSION_REQUIRED]);
  });

  it("refuses bad input with 422 naming the field", async () => {
    const badRole = await put(admin, {
      settings: settings({ roles: { ...DEFAULT_ROLE_SETTINGS.roles, refund: [2, 7] } }),
      version: 1,
    });
    expect(badRole.statusCode).toBe(422);
    expect(Object.keys(badRole.json().errors).join()).toContain("settings.roles.refund");
    const negative = await put(admin, {
      settings: settings({ approvalAboveMinor: { "1": -5 } }),
      version: 1,
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors["settings.approvalAboveMinor.1"]).toEqual([
      "The limit cannot be negative.",
    ]);
    const unknownRegion = await put(admin, {
      settings: settings({ approvalAboveMinor: { "99": 100 } }),
      version: 1,
    });
    expect(unknownRegion.statusCode).toBe(422);
    expect(unknownRegion.json().errors["settings.approvalAboveMinor.99"]).toBeDefined();
    const missingAction = await put(admin, {
      settings: { roles: { refund: [2] }, approvalAboveMinor: {} },
      version: 1,
    });
    expect(missingAction.statusCode).toBe(422);
    expect(Object.keys(missingAction.json().errors).join()).toContain("settings.roles.void");
    // Nothing was saved by any of them.
    expect((await t.call(admin, { method: "GET", url: URL })).json().data.version).toBe(1);
  });

  it("saves with the version read, always keeps the administrator, and refuses a stale save (409)", async () => {
    const next = settings({
      roles: { ...DEFAULT_ROLE_SETTINGS.roles, cancel_shipment: [3] },
      approvalAboveMinor: { "2": 20_000, "5": null },
    });
    const res = await put(admin, { settings: next, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      version: 2,
      updated_by: { full_name: "Avery Admin" },
      settings: { roles: { cancel_shipment: [1, 3] }, approvalAboveMinor: { "2": 20_000, "5": null } },
    });
    const stale = await put(admin, { settings: settings(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "conflict", message: ROLE_MESSAGES.settingsConflict });
    expect(stale.json().details.versionConflict).toMatchObject({ expected_version: 1, current_version: 2 });
    // What other modules read: the saved record.
    const read = await readRoleSettings(t.database.db);
    expect(read.version).toBe(2);
    expect(read.roles.cancel_shipment).toEqual([1, 3]);
    expect(read.approvalAboveMinor).toEqual({ "2": 20_000, "5": null });
  });

  it("lets exactly one of two saves from the same read win", async () => {
    const { version } = (await t.call(admin, { method: "GET", url: URL })).json().data;
    const results = await Promise.all([
      put(admin, { settings: settings(), version }),
      put(admin, { settings: settings(), version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
