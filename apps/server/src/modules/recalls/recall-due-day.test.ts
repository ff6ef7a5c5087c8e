import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client";
import { createTestApp, type TestApp } from "../../test/test-app";
import { q, recallCustomer } from "./recalls.fixtures";
import { claimDueRecalls } from "./recalls.queries";

// A recall step is due on its outlet's day, read with the server's zone rules (ADR 0050), not the
// database's: at 07:30 UTC on 15 December 2026 it is 00:30 on the 15th in Vancouver (UTC-7 all year
// from November 2026), though a database on older rules still reads 23:30 on the 14th.
let t: TestApp;
let recallId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  const customer = await recallCustomer(t, admin, { email: "kits@example.com" });
  const [outlet] = await q<{ id: number }>(t, "select id from outlets where name = 'Kitsilano'");
  const [type] = await q<{ id: number }>(
    t,
    `insert into recall_types (region_id, name, interval_months, triggers, steps)
     values (5, 'Eye test (BC)', 24, '{}', '[]') returning id`,
  );
  [{ id: recallId }] = await q<{ id: number }>(
    t,
    `insert into customer_recalls (customer_id, recall_type_id, outlet_id, due_date, basis, next_step_index, next_step_on)
     values ($1, $2, $3, '2027-01-15', 'set by hand', 0, '2026-12-15') returning id`,
    [customer.id, type.id, outlet.id],
  );
});
afterAll(() => t.close());

const claim = (at: string) =>
  t.database.db.transaction(async (tx) =>
    claimDueRecalls(tx as unknown as Db, new Date(at), "2026-12-16", 10, [], [recallId]),
  );

describe("a recall step's day", () => {
  it("is due just after midnight on the Vancouver outlet's up-to-date clock", async () => {
    expect((await claim("2026-12-15T07:30:00Z")).map((r) => r.id)).toEqual([recallId]);
  });

  it("is not due an hour before, at 11:30pm on the 14th in Vancouver", async () => {
    expect(await claim("2026-12-15T06:30:00Z")).toEqual([]);
  });
});
