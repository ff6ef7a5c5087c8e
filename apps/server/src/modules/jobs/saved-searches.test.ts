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
});
