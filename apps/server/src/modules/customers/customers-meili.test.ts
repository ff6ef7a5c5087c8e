import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeMeilisearch, startFakeMeilisearch } from "../../integrations/search/meilisearch.fake";
import { createTestApp, type TestApp } from "../../test/test-app";

/** Customers MEILI with MEILISEARCH_URL set: every write reaches the engine, the screen reads from it. */
describe("Customers MEILI on Meilisearch", () => {
  let meili: FakeMeilisearch;
  let t: TestApp;
  let token: string;
  const hits = async (query: string) => {
    const res = await t.call(token, { method: "GET", url: `/api/customers-meili?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { hits: { id: number; first_name: string }[]; total: number };
  };

  beforeAll(async () => {
    meili = await startFakeMeilisearch();
    t = await createTestApp({ env: { MEILISEARCH_URL: meili.url } });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await meili.close();
  });

  it("prepares the customers index with its filters and sorts when the app starts", async () => {
    // Preparation runs in the background so that a slow engine never delays the start.
    await vi.waitFor(() => expect(meili.indexes.get("customers")?.sortable).toHaveLength(5));
    expect(meili.indexes.get("customers")).toMatchObject({
      filterable: ["dob", "region_id"],
      sortable: ["updated_at", "created_at", "first_name", "last_name", "dob"],
    });
  });

  it("indexes a new customer and follows an edit", async () => {
    const created = await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Matilda", last_name: "Wormwood", mobile: "0400 111 222", region_id: 2 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const found = await hits("q=wormwood");
    expect(found.total).toBe(1);
    expect(found.hits[0]).toMatchObject({
      id,
      full_name: "Matilda Wormwood",
      regions: { data: [{ country_code: "NZ" }] },
    });
    expect((await hits(`q=${encodeURIComponent("0400 111 222")}`)).hits.map((h) => h.id)).toEqual([id]);
    expect((await hits("q=wormwood&region_id=1")).total).toBe(0);

    await t.call(token, {
      method: "PUT",
      url: `/api/staff/customers/${id}`,
      payload: { last_name: "Honey", version: created.json().data.version },
    });
    expect((await hits("q=wormwood")).total).toBe(0);
    expect((await hits("q=honey")).hits.map((h) => h.id)).toEqual([id]);
  });

  it("passes sort and paging through", async () => {
    for (const first_name of ["Aaron", "Bella", "Cara"]) {
      await t.call(token, { method: "POST", url: "/api/user", payload: { first_name, region_id: 5 } });
    }
    const page = await hits("region_id=5&sort_by=first_name&sort_direction=desc&per_page=2&page=1");
    expect(page.hits.map((h) => h.first_name)).toEqual(["Cara", "Bella"]);
    expect(page.total).toBe(3);
  });
});

describe("Customers MEILI when the engine is down", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MEILISEARCH_URL: "http://127.0.0.1:9" } });
    token = await t.login();
  });
  afterAll(() => t.close());

  it("still saves the customer, and the MEILI list answers 502 with a message", async () => {
    const created = await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Offline" },
    });
    expect(created.statusCode).toBe(201);
    const list = await t.call(token, { method: "GET", url: "/api/customers-meili?q=offline" });
    expect(list.statusCode).toBe(502);
    expect(list.json().error).toMatch(/^The search service is unavailable/);
    const db = await t.call(token, { method: "GET", url: "/api/v4/users?q=offline" });
    expect(db.json().data).toHaveLength(1);
  });
});
