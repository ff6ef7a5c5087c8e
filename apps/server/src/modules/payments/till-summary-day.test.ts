import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

// The till summary is an outlet's day on the outlet's clock: Fremantle closes on Perth time, though
// its region's zone is Sydney's, three hours ahead in the southern summer.
let t: TestApp;
let admin: string;
let fremantle: number;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const summary = (date: string) =>
  t.call(admin, { method: "GET", url: `/api/staff/outlets/${fremantle}/till-summary?date=${date}` });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where name = 'Fremantle'",
  );
  fremantle = outlet.id;
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ('TTILL1', '#T1', 'FRE-T1', 'Rae', 'Test', 4200, 4200, $1, $2, 1, 'pos', false, $3, $4, $5)
     returning id`,
    [
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
      "2026-11-27T14:30:00Z",
    ],
  );
  // 10:30pm on Friday 27 November in Fremantle; already 1:30am on Saturday 28 November in Sydney.
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state, created_at)
     values ($1, 4200, 'Cash', 'captured', '2026-11-27T14:30:00Z')`,
    [o.id],
  );
});
afterAll(() => t.close());

describe("till summary day", () => {
  it("counts a late Fremantle sale on Fremantle's day, in Perth time", async () => {
    const friday = await summary("2026-11-27");
    expect(friday.statusCode, friday.body).toBe(200);
    expect(friday.json().data.time_zone).toBe("Australia/Perth");
    expect(friday.json().data.totals.till_payments_minor).toBe(4200);
    const saturday = (await summary("2026-11-28")).json().data;
    expect(saturday.totals.till_payments_minor).toBe(0);
  });

  it.each(["2026-13-45", "2026-02-30", "2026-11-31"])(
    "refuses the impossible date %s with a 422 naming the field",
    async (date) => {
      const res = await summary(date);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ date: ["The date field must be a date (YYYY-MM-DD)."] });
    },
  );
});
