import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prefixEnd } from "../../platform/db/prefix-range";
import { createTestApp, type TestApp } from "../../test/test-app";
import { notes } from "../notes/notes.tables";

let t: TestApp;
let token: string;
const post = (payload: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: "/api/user", payload });
/** An edit from the customer as it is now: the version it was made from goes with it (ADR 0027). */
const put = async (id: number, payload: Record<string, unknown>) => {
  const [row] = await t.database.query<{ version: number }>("select version from customers where id = $1", [
    id,
  ]);
  return t.call(token, {
    method: "PUT",
    url: `/api/staff/customers/${id}`,
    payload: { version: row?.version ?? 1, ...payload },
  });
};
const get = (url: string) => t.call(token, { method: "GET", url });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe("the customer detail (GET /api/staff/customers/:id)", () => {
  it("answers the profile with its region's country code, recall and notes count", async () => {
    const created = (
      await post({
        first_name: "Grace",
        last_name: "Hopper",
        gender: "Female",
        dob: "1980-12-09",
        occupation: "Engineer",
        region_id: 2,
      })
    ).json().data;
    const staff = (await get("/api/me")).json().data;
    await t.database.db.insert(notes).values([
      { customerId: created.id, content: "First visit.", creatorId: staff.id },
      { customerId: created.id, content: "Frames ready." },
    ]);
    const res = await get(`/api/staff/customers/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: created.id,
      full_name: "Grace Hopper",
      gender: "Female",
      dob: "1980-12-09",
      occupation: "Engineer",
      region: { id: 2, country_code: "NZ" },
      regions: { data: [{ id: 2, country_code: "NZ" }] },
      active_recall: null,
      notes_count: 2,
    });
    const listed = (await get("/api/v4/users?q=hopper")).json().data;
    expect(listed[0]).toMatchObject({ id: created.id, notes_count: 2 });
  });

  it("answers 404 for an unknown customer and 401 without a token", async () => {
    const missing = await get("/api/staff/customers/987654");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found", error: "Customer not found" });
    const anonymous = await t.call(null, { method: "GET", url: "/api/staff/customers/1" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Unauthenticated.");
    expect((await t.call(null, { method: "GET", url: "/api/v4/users" })).statusCode).toBe(401);
  });
});

describe("creating and updating: the spec's rules and words", () => {
  it("requires a first name, whether missing or blank, and says so in data.error", async () => {
    const missing = await post({ last_name: "Nobody" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      error: "The first name field is required.",
      errors: { first_name: ["The first name field is required."] },
    });
    const blank = await put((await post({ first_name: "Kept" })).json().data.id, { first_name: "  " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.first_name).toEqual(["The first name field is required."]);
  });

  it("checks the e-mail only when one is given", async () => {
    expect((await post({ first_name: "No", email: "" })).json().data.email).toBeNull();
    const bad = await post({ first_name: "Bad", email: "bad@" });
    expect(bad.json().errors.email).toEqual(["The email field must be a valid email"]);
  });

  it("refuses lengths, genders, dates and fields it does not know, naming each", async () => {
    const res = await post({
      first_name: "x".repeat(101),
      gender: "Other",
      dob: "2099-01-01",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      first_name: ["The first name field can be maximum 100 characters"],
      gender: ["The gender field must be Male or Female."],
      dob: ["The dob field must be a date in the past."],
    });
    const unknown = await post({ first_name: "Eve", is_admin: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.is_admin).toEqual(["The is_admin field is not allowed."]);
    const id = unknown.statusCode === 422 ? (await post({ first_name: "Eve" })).json().data.id : 0;
    expect((await put(id, { first_name: "Eve", password: "x" })).json().errors.password).toEqual([
      "The password field is not allowed.",
    ]);
    const notAnObject = await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: "[1]",
      headers: { "content-type": "application/json" },
    });
    expect(notAnObject.statusCode).toBe(422);
  });

  it("refuses a region or outlet that does not exist instead of failing", async () => {
    const res = await post({ first_name: "Lost", region_id: 99, outlet_id: 99999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      region_id: ["The selected region id is invalid."],
      outlet_id: ["The selected outlet id is invalid."],
    });
  });

  it("refuses ids that are not numbers the same way", async () => {
    const res = await post({ first_name: "Typo", region_id: "AU", outlet_id: "Newtown" });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["outlet_id", "region_id"]);
  });

  it("takes home_region and active_region from the client, else the staff member's region", async () => {
    const res = await post({ first_name: "Kiwi", home_region: 2, active_region: 2 });
    expect(res.json().data.region).toEqual({ id: 2, country_code: "NZ" });
    const moved = await put(res.json().data.id, { active_region: 5 });
    expect(moved.json().data.region).toEqual({ id: 5, country_code: "CA" });
  });

  it("HEALTH sent alone sets every channel; all channels back on keeps HEALTH", async () => {
    const health = (await post({ first_name: "Hal", new_opt_in: "HEALTH" })).json().data;
    expect(health).toMatchObject({
      new_opt_in: "HEALTH",
      channel_sms: true,
      channel_phone: true,
      channel_email: true,
    });
    const one = (await put(health.id, { channel_sms: false })).json().data;
    expect(one).toMatchObject({ new_opt_in: "HEALTH", channel_sms: false });
    const back = (await put(health.id, { channel_sms: true })).json().data;
    expect(back.new_opt_in).toBe("HEALTH");
  });
});

describe("the list's query", () => {
  it("pages 15 at a time by default and accepts exactly 3 characters", async () => {
    for (let i = 0; i < 16; i++) await post({ first_name: `Pager${i}`, last_name: "Zed" });
    const first = (await get("/api/v4/users?customer=1&q=zed")).json();
    expect(first.data).toHaveLength(15);
    expect(first.meta.pagination).toEqual({
      total: 16,
      total_kind: "exact",
      count: 15,
      per_page: 15,
      current_page: 1,
      total_pages: 2,
    });
    const second = (await get("/api/v4/users?customer=1&q=zed&page=2")).json();
    expect(second.meta.pagination).toMatchObject({ count: 1, current_page: 2 });
  });

  it("counts exactly up to 1,000, then says 1,000+ for a search and about N for the whole list (ADR 0016)", async () => {
    await t.database.query(
      `insert into customers (first_name, last_name, region_id)
       select 'Capped' || g, 'Counter', 1 from generate_series(1, 1200) g`,
    );
    await t.database.query("analyze customers");
    const search = (await get("/api/v4/users?customer=1&q=counter")).json().meta.pagination;
    expect(search).toMatchObject({ total: 1000, total_kind: "at_least", total_pages: 67 });
    // Deeper pages count further, so paging on is never blocked by the cap.
    const deep = (await get("/api/v4/users?customer=1&q=counter&page=75")).json().meta.pagination;
    expect(deep).toMatchObject({ total: 1200, total_kind: "exact", count: 15 });
    const all = (await get("/api/v4/users?customer=1")).json().meta.pagination;
    expect(all.total_kind).toBe("estimate");
    expect(all.total).toBeGreaterThan(1200);
    // The nearest names still come first.
    const ranked = (await get("/api/v4/users?customer=1&q=capped1 counter")).json().data;
    expect(ranked[0].full_name).toBe("Capped1 Counter");
  });

  it("ranks the nearest names first: the name, the surname, a first name, then prefixes, then the rest (ADR 0019)", async () => {
    const people: [string, string, string | null][] = [
      ["Jo", "Stalwalker", null], // the term inside a name
      ["Tom", "Smith", "t.walker@example.com"], // only the e-mail has it
      ["Sam", "Walker", null],
      ["Walkerly", "Jones", null], // a first name that starts with it
      ["Jo", "Walkerton", null],
      ["Walker", "", null], // the whole name
      ["Walker", "Brown", null], // the first name
      ["Amy", "Walker", null],
      ["Kim", "Walmart", null], // a near miss: not a match at all
      ["Amy", "Walkers", null],
    ];
    const id = new Map<string, number>();
    for (const [first_name, last_name, email] of people) {
      const created = (await post({ first_name, last_name, ...(email && { email }) })).json().data;
      id.set(`${first_name} ${last_name}`.trim(), created.id);
    }
    const expected = [
      "Walker",
      "Amy Walker",
      "Sam Walker",
      "Walker Brown",
      "Amy Walkers", // surnames that start with it, in their order
      "Jo Walkerton",
      "Walkerly Jones",
      "Jo Stalwalker",
      "Tom Smith",
    ];
    const res = (await get("/api/v4/users?q=Walker")).json();
    expect(res.data.map((c: { full_name: string }) => c.full_name)).toEqual(expected);
    expect(res.meta.pagination).toMatchObject({ total: expected.length, total_kind: "exact" });
    // Paged two at a time, the pages add up to the same list: no row twice, none left out.
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const data = (await get(`/api/v4/users?q=walker&per_page=2&page=${page}`)).json().data;
      paged.push(...data.map((c: { full_name: string }) => c.full_name));
    }
    expect(paged).toEqual(expected);
    // A full name first, then the names that start with it; the variant over the search port agrees.
    const amy = (await get("/api/v4/users?q=amy walker")).json().data;
    expect(amy.map((c: { id: number }) => c.id)).toEqual([id.get("Amy Walker"), id.get("Amy Walkers")]);
    const meili = (await get("/api/customers-meili?q=walker")).json().data;
    expect(meili.hits.map((c: { full_name: string }) => c.full_name)).toEqual(expected);
  });

  it("takes a term's %, _ and \\ as themselves, and ranges past the last character (ADR 0019)", async () => {
    const literal = (await post({ first_name: "Qx_%\\b", last_name: "Sign" })).json().data.id;
    await post({ first_name: "Qxy%zb", last_name: "Sign" });
    const res = (await get(`/api/v4/users?q=${encodeURIComponent("qx_%\\")}`)).json();
    expect(res.data.map((c: { id: number }) => c.id)).toEqual([literal]);
    expect(res.meta.pagination.total).toBe(1);
    expect(prefixEnd("walker")).toBe("walkes");
    expect(prefixEnd("a\u{10ffff}")).toBe("b");
    expect(prefixEnd("\u{d7ff}")).toBe("\u{e000}");
    expect(prefixEnd("\u{10ffff}")).toBeNull();
  });

  it("refuses a search under 3 characters on every variant, and a malformed date", async () => {
    for (const url of ["/api/v4/users?q=ab", "/legacy-api/v4/get-users?q=ab", "/api/customers-meili?q=ab"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe("Please enter at least 3 characters to search.");
    }
    const date = await get("/api/v4/users?dob=12-04-1990");
    expect(date.statusCode).toBe(422);
    expect(date.json().errors.dob).toEqual(["The dob field must be a date (YYYY-MM-DD)."]);
  });

  it("finds a phone typed with spaces or brackets", async () => {
    const id = (await post({ first_name: "Dial", phone: "(03) 9876 5432" })).json().data.id;
    for (const q of ["03 9876 5432", "(03)98765432", "0398765432"]) {
      const res = (await get(`/api/v4/users?q=${encodeURIComponent(q)}`)).json();
      expect(res.data.map((c: { id: number }) => c.id)).toEqual([id]);
    }
  });
});
