import { OPT_IN_CONTRADICTION } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { watchedQueries } from "../../test/watched-queries";
import { searchCustomers } from "./customers.search";

let t: TestApp;
let token: string;
const post = (payload: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: "/api/user", payload });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (const c of [
    {
      first_name: "Olivia",
      last_name: "Martin",
      email: "olivia.martin@example.com",
      mobile: "0412 345 678",
      dob: "1990-04-12",
    },
    {
      first_name: "Oliver",
      last_name: "Martinez",
      email: "oliver@example.com",
      mobile: "0499 000 111",
      dob: "1985-01-02",
    },
    {
      first_name: "Noah",
      last_name: "Smith",
      email: "noah@example.com",
      phone: "(02) 9555 1234",
      dob: "1990-04-12",
    },
  ]) {
    expect((await post(c)).statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.call(token, { method: "GET", url: `/api/v4/users?customer=1&${query}` });
  return res;
};

describe("creating customers", () => {
  it("takes the staff user's region and outlet, and sets all channels for ALL", async () => {
    const res = await post({ first_name: "Ava", email: "AVA@Example.com", new_opt_in: "ALL" });
    expect(res.statusCode).toBe(201);
    const me = (await t.call(token, { method: "GET", url: "/api/me" })).json().data;
    expect(res.json().data).toMatchObject({
      full_name: "Ava",
      email: "ava@example.com",
      region: { id: me.region_id, country_code: "AU" },
      outlet_id: me.outlet_id,
      channel_sms: true,
      channel_phone: true,
      channel_email: true,
    });
  });

  it("names the fields it refuses, in the spec's words", async () => {
    const res = await post({ first_name: " ", email: "not-an-email" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      first_name: ["The first name field is required."],
      email: ["The email field must be a valid email"],
    });
  });

  it("NONE sent without channels clears every channel", async () => {
    const res = await post({ first_name: "Nina", new_opt_in: "NONE" });
    expect(res.json().data).toMatchObject({
      new_opt_in: "NONE",
      channel_sms: false,
      channel_phone: false,
      channel_email: false,
    });
  });

  it("saves the channels as the form showed them, not reset from the opt-in", async () => {
    const res = await post({
      first_name: "Shown",
      new_opt_in: "ALL",
      channel_sms: true,
      channel_phone: false,
      channel_email: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      new_opt_in: "ALL",
      channel_sms: true,
      channel_phone: false,
      channel_email: false,
    });
  });

  it("refuses an opt-in that contradicts its channels, naming the opt-in", async () => {
    for (const payload of [
      { first_name: "Nina", new_opt_in: "NONE", channel_sms: true },
      {
        first_name: "Nina",
        new_opt_in: "HEALTH",
        channel_sms: false,
        channel_phone: false,
        channel_email: false,
      },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ new_opt_in: [OPT_IN_CONTRADICTION] });
    }
  });
});

describe("updating customers", () => {
  it("turning every channel off makes the opt-in NONE; back on makes it ALL", async () => {
    const id = (await post({ first_name: "Chan", new_opt_in: "ALL" })).json().data.id;
    const off = await t.call(token, {
      method: "PUT",
      url: `/api/staff/customers/${id}`,
      payload: { channel_sms: false, channel_phone: false, channel_email: false, version: 1 },
    });
    expect(off.json().data.new_opt_in).toBe("NONE");
    const on = await t.call(token, {
      method: "PUT",
      url: `/api/staff/customers/${id}`,
      payload: { channel_sms: true, channel_phone: true, channel_email: true, version: 2 },
    });
    expect(on.json().data.new_opt_in).toBe("ALL");
    const detail = await t.call(token, { method: "GET", url: `/api/staff/customers/${id}` });
    expect(detail.json().data.new_opt_in).toBe("ALL");
  });

  it("saves the channels the Edit Customer form shows off when its opt-in changes", async () => {
    const id = (await post({ first_name: "Edith", new_opt_in: "NONE" })).json().data.id;
    // The form, after choosing Only Health Subjects and unticking Phone and Email.
    const res = await t.call(token, {
      method: "PUT",
      url: `/api/staff/customers/${id}`,
      payload: {
        new_opt_in: "HEALTH",
        channel_sms: true,
        channel_phone: false,
        channel_email: false,
        version: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = { new_opt_in: "HEALTH", channel_sms: true, channel_phone: false, channel_email: false };
    expect(res.json().data).toMatchObject(shown);
    const detail = await t.call(token, { method: "GET", url: `/api/staff/customers/${id}` });
    expect(detail.json().data).toMatchObject(shown);
  });

  it("a new opt-in sent without channels sets them from it; the same opt-in leaves them as they were", async () => {
    const id = (await post({ first_name: "Otto", new_opt_in: "NONE" })).json().data.id;
    // Each save sends the version it edited (ADR 0027), as the form does.
    let version = 1;
    const put = async (payload: Record<string, unknown>) => {
      const res = await t.call(token, {
        method: "PUT",
        url: `/api/staff/customers/${id}`,
        payload: { ...payload, version },
      });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().data.version;
      return res;
    };
    expect((await put({ new_opt_in: "ALL" })).json().data).toMatchObject({
      channel_sms: true,
      channel_phone: true,
      channel_email: true,
    });
    await put({ channel_phone: false });
    expect((await put({ new_opt_in: "ALL", last_name: "Kay" })).json().data).toMatchObject({
      new_opt_in: "ALL",
      channel_phone: false,
    });
  });

  it("answers 404 for an unknown customer", async () => {
    const res = await t.call(token, {
      method: "PUT",
      url: "/api/staff/customers/999999",
      payload: { first_name: "X", version: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("searching customers", () => {
  it("needs at least 3 characters", async () => {
    const res = await list("q=ol");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.q).toEqual(["Please enter at least 3 characters to search."]);
  });

  it("finds by exact e-mail, by phone digits and by part of a name", async () => {
    const byEmail = (await list("q=OLIVIA.MARTIN@example.com")).json();
    expect(byEmail.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Olivia"]);
    const byMobile = (await list("q=0412345678")).json();
    expect(byMobile.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Olivia"]);
    const byPhone = (await list(`q=${encodeURIComponent("02 9555 1234")}`)).json();
    expect(byPhone.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Noah"]);
    const byName = (await list("q=martin")).json();
    expect(byName.data.map((c: { last_name: string }) => c.last_name)).toEqual(["Martin", "Martinez"]);
    expect(byName.meta.pagination).toMatchObject({ total: 2, per_page: 15, current_page: 1, total_pages: 1 });
    const sorted = (await list("q=martin&sort_by=first_name&sort_direction=desc")).json();
    expect(sorted.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Olivia", "Oliver"]);
  });

  it("filters by date of birth and region, sorts and pages", async () => {
    const byDob = (await list("dob=1990-04-12&sort_by=first_name&sort_direction=asc")).json();
    expect(byDob.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Noah", "Olivia"]);
    const nz = (await list("region_id=2")).json();
    expect(nz.data).toEqual([]);
    const page2 = (await list("per_page=2&page=2&sort_by=created_at&sort_direction=asc")).json();
    expect(page2.data.map((c: { first_name: string }) => c.first_name)).toEqual(["Noah", "Ava"]);
    expect(page2.meta.pagination.current_page).toBe(2);
  });

  it("names the whole list's first page and its count, and no statement that binds a value", async () => {
    const { watched, asked } = watchedQueries(t.database);
    const noNotes = () => "0";
    const everyone = await t.database.query<{ id: number }>(
      "select id from customers order by updated_at desc, id desc",
    );
    const first = await searchCustomers(watched, { page: 1, perPage: 2 }, noNotes);
    expect(first.rows.map((r) => r.id)).toEqual(everyone.slice(0, 2).map((r) => Number(r.id)));
    expect(first).toMatchObject({ total: everyone.length, totalKind: "exact" });
    const past = await searchCustomers(watched, { page: 40, perPage: 2 }, noNotes);
    expect(past).toMatchObject({ rows: [], total: everyone.length });
    const none = await searchCustomers(watched, { page: 1, perPage: 15, filters: { region_id: 2 } }, noNotes);
    expect(none).toMatchObject({ rows: [], total: 0 });
    const byDob = await searchCustomers(
      watched,
      { page: 1, perPage: 15, filters: { dob: "1990-04-12" } },
      noNotes,
    );
    expect(byDob.rows.map((r) => r.firstName).sort()).toEqual(["Noah", "Olivia"]);
    expect(byDob.total).toBe(2);
    // The page and its count; only what binds nothing is named: a filter's value or a page further
    // on is bound, and a plan made for one value could be the wrong one for the next.
    expect(asked).toEqual([
      { params: [], prepared: true },
      { params: [], prepared: true },
      { params: [2, 78], prepared: false },
      { params: [], prepared: true },
      { params: [2], prepared: false },
      { params: [2], prepared: false },
      { params: ["1990-04-12"], prepared: false },
      { params: ["1990-04-12"], prepared: false },
    ]);
    // A name search pages through its ranked tiers and counts beside them: nothing is named.
    asked.length = 0;
    const byName = await searchCustomers(watched, { page: 1, perPage: 15, q: "martin" }, noNotes);
    expect(byName.rows.map((r) => r.lastName)).toEqual(["Martin", "Martinez"]);
    expect(asked.length).toBeGreaterThan(2);
    expect(asked.every((a) => !a.prepared)).toBe(true);
  });

  it("answers the same search from the index variant as hits and total, and on the older base", async () => {
    const hits = (await t.call(token, { method: "GET", url: "/api/customers-meili?q=martin" })).json();
    expect(hits.data.total).toBe(2);
    expect(hits.data.hits[0].last_name).toBe("Martin");
    const legacy = await t.call(token, { method: "GET", url: "/legacy-api/v4/get-users?q=noah" });
    expect(legacy.json().data[0].first_name).toBe("Noah");
  });
});
