import { ROLE_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../integrations/email";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: string;
let sam: string;
let mia: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    adapters: { email: createEmailSender({ SMTP_URL: smtp.url, MAIL_FROM: "Loupe <no-reply@loupe.test>" }) },
  });
  [admin, sam, mia] = await Promise.all([t.login(), t.login("sam@loupe.test"), t.login("mia@loupe.test")]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const outletId = async (abbr: string) =>
  (await t.database.query<{ id: number }>("select id from outlets where abbreviation = $1", [abbr]))[0].id;
const members = async () =>
  (await t.call(admin, { method: "GET", url: "/api/staff/users" })).json().data as {
    id: number;
    email: string;
    role_id: number;
    version: number;
    is_active: boolean;
    home_outlet_id: number | null;
    home_region_id: number | null;
    outlet_id: number | null;
    region_id: number | null;
    last_sign_in_at: string | null;
    home_outlet: { abbreviation: string } | null;
  }[];
const memberOf = async (email: string) => (await members()).find((m) => m.email === email)!;
const create = (token: string, payload: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: "/api/staff/users", payload });

describe("staff management is for administrators", () => {
  it("refuses staff and managers with 403 on every call", async () => {
    for (const token of [sam, mia]) {
      const calls = [
        t.call(token, { method: "GET", url: "/api/staff/users" }),
        create(token, { first_name: "X", email: "x@loupe.test", role_id: 2, home_outlet_id: 1 }),
        t.call(token, { method: "PUT", url: "/api/staff/users/1", payload: { role_id: 2, version: 1 } }),
        t.call(token, { method: "POST", url: "/api/staff/users/1/disable", payload: { version: 1 } }),
        t.call(token, { method: "POST", url: "/api/staff/users/1/enable", payload: { version: 1 } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ROLE_MESSAGES.staffAdminOnly);
      }
    }
  });

  it("lists every member with role, home outlet and region, state and last sign-in", async () => {
    const list = await members();
    const samRow = list.find((m) => m.email === "sam@loupe.test")!;
    expect(samRow).toMatchObject({
      role_id: 2,
      is_active: true,
      home_region_id: 1,
      home_outlet: { abbreviation: "BON" },
    });
    expect(samRow.last_sign_in_at).not.toBeNull();
    expect(
      list
        .filter((m) => m.role_id === 3)
        .map((m) => m.home_region_id)
        .sort(),
    ).toEqual([1, 2, 5]);
    // Casey has no selected outlet, but a home one.
    expect(list.find((m) => m.email === "casey@loupe.test")).toMatchObject({
      outlet_id: null,
      home_outlet: { abbreviation: "NTN" },
    });
  });
});

describe("adding a member", () => {
  it("makes the account at the home outlet and region, and e-mails a set-password link that works once", async () => {
    const res = await create(admin, {
      first_name: "Noa",
      last_name: "Reid",
      email: "noa@loupe.test",
      role_id: 3,
      home_outlet_id: await outletId("WLG"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ROLE_MESSAGES.staffInvited);
    expect(res.json().data).toMatchObject({
      full_name: "Noa Reid",
      role_id: 3,
      home_region_id: 2,
      region_id: 2,
      home_outlet: { abbreviation: "WLG" },
      is_active: true,
      last_sign_in_at: null,
      version: 1,
    });
    // No password works until the member sets one.
    await expect(t.login("noa@loupe.test", "")).rejects.toThrow();
    await expect.poll(() => smtp.mails.some((m) => m.to === "noa@loupe.test")).toBe(true);
    const mail = smtp.mails.find((m) => m.to === "noa@loupe.test")!;
    const match = mail.text.match(/http:\/\/loupe\.test\/reset-password\/([A-Za-z0-9_-]+)\?email=/);
    expect(match).not.toBeNull();
    // The outbox keeps the e-mail without the link.
    const [stored] = await t.database.query<{ body: string }>(
      "select body from outbox_messages where recipient = 'noa@loupe.test'",
    );
    expect(stored.body).toContain("[redacted]");
    expect(stored.body).not.toContain(match![1]);
    const set = await t.call(null, {
      method: "POST",
      url: "/api/auth/password/change",
      payload: {
        email: "noa@loupe.test",
        password: "NoaPass123",
        password_confirmation: "NoaPass123",
        token: match![1],
      },
    });
    expect(set.statusCode).toBe(200);
    expect(await t.login("noa@loupe.test", "NoaPass123")).toBeTruthy();
  });

  it("refuses an e-mail another member has, in any case, with 422 on email", async () => {
    const res = await create(admin, {
      first_name: "Sam",
      email: "SAM@loupe.test",
      role_id: 2,
      home_outlet_id: await outletId("BON"),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([ROLE_MESSAGES.emailTaken]);
  });

  it("refuses bad input with 422 naming the field", async () => {
    const bon = await outletId("BON");
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "", email: "a1@loupe.test", role_id: 2, home_outlet_id: bon }, "first_name"],
      [{ first_name: "A", email: "not-an-email", role_id: 2, home_outlet_id: bon }, "email"],
      [{ first_name: "A", email: "a2@loupe.test", role_id: 9, home_outlet_id: bon }, "role_id"],
      [{ first_name: "A", email: "a3@loupe.test", role_id: 2, home_outlet_id: 999_999 }, "home_outlet_id"],
      [
        { first_name: "A", email: "a4@loupe.test", role_id: 2, home_outlet_id: await outletId("BRU") },
        "home_outlet_id",
      ],
      [{ first_name: "A", email: "a5@loupe.test", role_id: 2 }, "home_outlet_id"],
    ];
    for (const [payload, field] of cases) {
      const res = await create(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json())).toBeDefined();
    }
  });
});

describe("editing a member", () => {
  it("needs the version read: 428 without it, 409 when stale", async () => {
    const riley = await memberOf("riley@loupe.test");
    const url = `/api/staff/users/${riley.id}`;
    const missing = await t.call(admin, { method: "PUT", url, payload: { role_id: 3 } });
    expect(missing.statusCode).toBe(428);
    expect(missing.json().errors.version).toEqual([ROLE_MESSAGES.versionRequired]);
    const ok = await t.call(admin, { method: "PUT", url, payload: { role_id: 3, version: riley.version } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ role_id: 3, version: riley.version + 1 });
    const stale = await t.call(admin, {
      method: "PUT",
      url,
      payload: { role_id: 2, version: riley.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.versionConflict).toMatchObject({
      record: "staff member",
      current_version: riley.version + 1,
      updated_by: { full_name: "Avery Admin" },
    });
    expect(stale.json().message).toContain("changed by Avery Admin");
    const back = await t.call(admin, {
      method: "PUT",
      url,
      payload: { role_id: 2, version: riley.version + 1 },
    });
    expect(back.statusCode).toBe(200);
  });

  it("moves the home outlet and region together, and the selected location with them", async () => {
    const aroha = await memberOf("aroha@loupe.test");
    const res = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/users/${aroha.id}`,
      payload: { home_outlet_id: await outletId("QWT"), version: aroha.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      home_region_id: 5,
      home_outlet: { abbreviation: "QWT" },
      region_id: 5,
      outlet_id: await outletId("QWT"),
    });
  });

  it("keeps the old update-user endpoint working, and its role change makes an open form stale", async () => {
    const jordan = await memberOf("jordan@loupe.test");
    const old = await t.call(admin, {
      method: "PUT",
      url: `/api/user/${jordan.id}`,
      payload: { role_id: 3 },
    });
    expect(old.statusCode).toBe(200);
    const stale = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/users/${jordan.id}`,
      payload: { role_id: 2, version: jordan.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it("does not let an administrator take the role from themself", async () => {
    const me = await memberOf("admin@loupe.test");
    const res = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/users/${me.id}`,
      payload: { role_id: 2, version: me.version },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role_id).toEqual([ROLE_MESSAGES.cannotDemoteSelf]);
  });
});

describe("disabling a member", () => {
  it("ends every session at once and refuses sign-in; enabling lets them back", async () => {
    const tokens = [await t.login("riley@loupe.test"), await t.login("riley@loupe.test")];
    for (const token of tokens)
      expect((await t.call(token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const riley = await memberOf("riley@loupe.test");
    const url = `/api/staff/users/${riley.id}`;
    expect((await t.call(admin, { method: "POST", url: `${url}/disable`, payload: {} })).statusCode).toBe(
      428,
    );
    const off = await t.call(admin, {
      method: "POST",
      url: `${url}/disable`,
      payload: { version: riley.version },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ is_active: false, version: riley.version + 1 });
    for (const token of tokens)
      expect((await t.call(token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from sessions where staff_user_id = $1 and revoked_at is null",
      [riley.id],
    );
    expect(n).toBe(0);
    await expect(t.login("riley@loupe.test")).rejects.toThrow();
    const stale = await t.call(admin, {
      method: "POST",
      url: `${url}/enable`,
      payload: { version: riley.version },
    });
    expect(stale.statusCode).toBe(409);
    const on = await t.call(admin, {
      method: "POST",
      url: `${url}/enable`,
      payload: { version: riley.version + 1 },
    });
    expect(on.statusCode).toBe(200);
    expect(await t.login("riley@loupe.test")).toBeTruthy();
  });

  it("refuses to disable oneself", async () => {
    const me = await memberOf("admin@loupe.test");
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/staff/users/${me.id}/disable`,
      payload: { version: me.version },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_MESSAGES.cannotDisableSelf);
  });
});

describe("the location selector keeps a non-administrator in their home region", () => {
  it("refuses an outlet or region outside it, naming the field", async () => {
    const outlet = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 2, outlet_id: await outletId("PON") },
    });
    expect(outlet.statusCode).toBe(422);
    expect(outlet.json().errors.region_id).toEqual([ROLE_MESSAGES.regionOutsideHomeRegion]);
    const onlyOutlet = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { outlet_id: await outletId("PON") },
    });
    expect(onlyOutlet.statusCode).toBe(422);
    expect(Object.keys(onlyOutlet.json().errors)).toContain("outlet_id");
    const home = await t.call(sam, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 1, outlet_id: await outletId("FIT") },
    });
    expect(home.statusCode).toBe(200);
    expect(home.json().data).toMatchObject({ home_region_id: 1, home_outlet_id: await outletId("BON") });
  });

  it("lets an administrator select any region's outlet", async () => {
    const res = await t.call(admin, {
      method: "PUT",
      url: "/api/me",
      payload: { region_id: 5, outlet_id: await outletId("YKV") },
    });
    expect(res.statusCode).toBe(200);
  });
});
