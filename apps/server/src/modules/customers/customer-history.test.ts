import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { moveCustomerEvents, moveCustomerEventsBack, recordCustomerEvents } from "./index";

let t: TestApp;
let token: string;
const newCustomer = async (first_name: string) => {
  const res = await t.call(token, {
    method: "POST",
    url: "/api/user",
    payload: { first_name, last_name: "History" },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const history = (id: number, query = "") =>
  t.call(token, { method: "GET", url: `/api/staff/customers/${id}/history${query}` });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe("a customer's History (issue 46)", () => {
  it("lists the events written for a customer, newest first, with who did them", async () => {
    const id = await newCustomer("Hana");
    const other = await newCustomer("Ivo");
    await recordCustomerEvents(t.database.db, [
      {
        customerId: id,
        kind: "imported",
        detail: "Imported from Optomate (batch #4, source id 1021)",
        staffId: 1,
        ref: { batch_id: 4 },
        occurredAt: new Date("2026-01-02T03:04:05Z"),
      },
      { customerId: id, kind: "merged_in", detail: "Merged with #9", staffId: null },
      { customerId: other, kind: "imported", detail: "someone else's", staffId: null },
    ]);
    const res = await history(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((e: { kind: string }) => e.kind)).toEqual(["merged_in", "imported"]);
    expect(body.data[1]).toMatchObject({
      detail: "Imported from Optomate (batch #4, source id 1021)",
      occurred_at: "2026-01-02T03:04:05.000Z",
      ref: { batch_id: 4 },
    });
    expect(body.data[1].by).toEqual(expect.any(String));
    expect(body.data[0].by).toBeNull();
    expect(body.meta.pagination).toMatchObject({ total: 2, count: 2 });
    expect(
      (await history(id, "?per_page=1&page=2")).json().data.map((e: { kind: string }) => e.kind),
    ).toEqual(["imported"]);
  });

  it("moves a customer's events to another and back by their ids", async () => {
    const from = await newCustomer("Jun");
    const to = await newCustomer("Kai");
    await recordCustomerEvents(t.database.db, [
      { customerId: from, kind: "imported", detail: "x", staffId: null },
    ]);
    const moved = await moveCustomerEvents(t.database.db, from, to);
    expect(moved).toHaveLength(1);
    expect((await history(from)).json().data).toEqual([]);
    expect((await history(to)).json().data).toHaveLength(1);
    await moveCustomerEventsBack(t.database.db, moved, from);
    expect((await history(from)).json().data).toHaveLength(1);
  });

  it("answers 404 for a customer that does not exist and 422 for a bad page", async () => {
    expect((await history(99_999_999)).statusCode).toBe(404);
    expect((await history(1, "?page=0")).statusCode).toBe(422);
  });
});
