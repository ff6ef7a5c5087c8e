import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let sam: string;
const outletId = async (abbr: string) =>
  (await t.database.query<{ id: number }>("select id from outlets where abbreviation = $1", [abbr]))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
});
afterAll(() => t.close());

describe("PUT /me (location selector)", () => {
  it("saves region and outlet and answers the updated user", async () => {
    const cha = await outletId("CHA");
    const res = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 1, outlet_id: cha },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ region_id: 1, outlet_id: cha, outlet: { name: "Chatswood" } });
    const me = await t.call(sam, { method: "GET", url: "/api/me" });
    expect(me.json().data.outlet.abbreviation).toBe("CHA");
  });

  it("refuses an outlet outside the chosen region, naming the field", async () => {
    const res = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 1, outlet_id: await outletId("PON") },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.outlet_id).toBeDefined();
  });

  it("refuses an inactive outlet", async () => {
    const res = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 1, outlet_id: await outletId("HOB") },
    });
    expect(res.statusCode).toBe(422);
  });

  it("does not let a user make themself admin", async () => {
    const res = await t.call(sam, { method: "PUT", url: "/api/me", payload: { role_id: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role_id).toBeDefined();
  });
});

describe("PUT /user/:id", () => {
  it("lets an admin change another user's role, but not a staff member", async () => {
    const me = (await t.call(sam, { method: "GET", url: "/api/me" })).json().data;
    const denied = await t.call(sam, {
      method: "PUT",
      url: `/api/user/${me.id + 1}`,
      payload: { first_name: "X" },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.call(admin, {
      method: "PUT",
      url: `/api/user/${me.id}`,
      payload: { is_beta_user: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.is_beta_user).toBe(true);
  });
});

describe("staff list", () => {
  it("lists active staff up to the limit", async () => {
    const res = await t.call(admin, { method: "GET", url: "/api/user?staff=true&limit=100" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThanOrEqual(5);
    const over = await t.call(admin, { method: "GET", url: "/api/user?staff=true&limit=101" });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.limit).toBeDefined();
  });
});
