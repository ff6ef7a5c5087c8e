import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let sam: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
});
afterAll(() => t.close());

const save = (token: string, name: string, query: Record<string, string>) =>
  t.call(token, { method: "POST", url: "/api/staff/saved-searches", payload: { name, query } });

describe("saved searches", () => {
  it("saves filters per user and refuses a search with no filter", async () => {
    const ok = await save(admin, "Urgent at Newtown", { priority: "2", outlet_id: "1", page: "1" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe("Filter Saved!");
    const empty = await save(admin, "Nothing", { page: "3", sort_by: "created_at" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe("There is no filter to save!");
    const blank = await save(admin, "  ", { priority: "2" });
    expect(blank.json().errors.name).toEqual(["The filter name field is required."]);
    expect(
      (await t.call(admin, { method: "GET", url: "/api/staff/saved-searches" })).json().data,
    ).toHaveLength(1);
    expect((await t.call(sam, { method: "GET", url: "/api/staff/saved-searches" })).json().data).toHaveLength(
      0,
    );
  });

  it("lets only the owner remove a saved search", async () => {
    const id = (await save(admin, "Mine", { q: "smith" })).json().data.id;
    expect((await t.call(sam, { method: "DELETE", url: `/api/staff/saved-searches/${id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(admin, { method: "DELETE", url: `/api/staff/saved-searches/${id}` })).statusCode,
    ).toBe(200);
  });

  it("refuses a second search of the same name, whatever its case, and too long a name, with clear messages", async () => {
    expect((await save(admin, "Late at Parramatta", { q: "smith" })).statusCode).toBe(201);
    const again = await save(admin, "  late at PARRAMATTA ", { priority: "2" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toEqual([
      "You already have a saved search named 'late at PARRAMATTA'. Choose another name.",
    ]);
    // Another user may use the name.
    expect((await save(sam, "Late at Parramatta", { q: "smith" })).statusCode).toBe(201);
    const long = await save(admin, "x".repeat(101), { q: "smith" });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toEqual(["The Filter Name field can be maximum 100 characters"]);
    expect((await save(admin, "y".repeat(100), { q: "smith" })).statusCode).toBe(201);
  });

  it("keeps one of two saves of the same name made at once", async () => {
    const both = await Promise.all([
      save(admin, "Twice", { q: "smith" }),
      save(admin, "TWICE", { q: "jones" }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });
});
