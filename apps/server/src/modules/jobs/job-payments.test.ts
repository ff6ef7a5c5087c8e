import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBareOrder } from "../../test/bare-order";
import { createTestApp, type TestApp } from "../../test/test-app";
import { recordJobPayment } from "./job-payments";

// recordJobPayment: the one writer of a job's payments (issue 44). The counter's job creation calls
// it inside its own transaction; these call it as that would, on PGlite (and on PostgreSQL in CI).

let t: TestApp;
let staffId: number;
let productId: number;
const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

beforeAll(async () => {
  t = await createTestApp();
  [{ id: staffId }] = await q<{ id: number }>("select id from staff_users order by id limit 1");
  [{ id: productId }] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values (1, 'Deposit frame', 'frames', 'frames', 10000) returning id`,
  );
});
afterAll(() => t.close());

const job = async (itemMinor = 10_000, items = 1) =>
  (
    await insertBareOrder(t.database, {
      productId,
      items,
      itemMinor,
      name: { uidPrefix: "PAY", first: "Penny", last: "Payer" },
    })
  ).orderId;

const money = async (orderId: number) =>
  (
    await q<{ paid: number; balance: number; status: string }>(
      `select o.total_payment_minor as paid, o.balance_due_minor as balance, s.slug as status
       from orders o join statuses s on s.id = o.payment_status_id where o.id = $1`,
      [orderId],
    )
  )[0];

describe("recordJobPayment", () => {
  it("records a deposit once per key: the total paid, the payment status and the timeline move once", async () => {
    const orderId = await job();
    const input = {
      orderId,
      amountMinor: 5_000,
      tender: "cash" as const,
      idempotencyKey: `dep-${orderId}`,
      staffId,
      kind: "deposit" as const,
    };
    const first = await recordJobPayment(t.database.db, input);
    expect(first).toMatchObject({ created: true, balanceDueMinor: 5_000 });
    const again = await recordJobPayment(t.database.db, input);
    expect(again).toEqual({ paymentId: first.paymentId, created: false, balanceDueMinor: 5_000 });
    expect(await money(orderId)).toEqual({ paid: 5_000, balance: 5_000, status: "partially-paid" });
    const rows = await q<{ tender: string; kind: string; payment_type_name: string; taken_by: number }>(
      "select tender, kind, payment_type_name, taken_by from order_payments where order_id = $1",
      [orderId],
    );
    expect(rows).toEqual([{ tender: "cash", kind: "deposit", payment_type_name: "Cash", taken_by: staffId }]);
    const events = await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'payment'",
      [orderId],
    );
    expect(events).toEqual([{ to_value: "Deposit $50.00 cash" }]);
  });

  it("pays the balance to zero and the job is Paid", async () => {
    const orderId = await job();
    await recordJobPayment(t.database.db, {
      orderId,
      amountMinor: 4_000,
      tender: "eftpos",
      reference: "EF-1",
      idempotencyKey: `a-${orderId}`,
      staffId,
    });
    const last = await recordJobPayment(t.database.db, {
      orderId,
      amountMinor: 6_000,
      tender: "gift_card",
      reference: "GC-778",
      idempotencyKey: `b-${orderId}`,
      staffId,
    });
    expect(last.balanceDueMinor).toBe(0);
    expect(await money(orderId)).toEqual({ paid: 10_000, balance: 0, status: "paid" });
  });

  it("refuses more than the balance with 422 naming amount, and writes nothing", async () => {
    const orderId = await job();
    await expect(
      recordJobPayment(t.database.db, {
        orderId,
        amountMinor: 10_001,
        tender: "cash",
        idempotencyKey: `over-${orderId}`,
        staffId,
      }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      errors: { amount: [expect.stringContaining("$100.00")] },
    });
    expect(await money(orderId)).toMatchObject({ paid: 0, balance: 10_000 });
    expect(await q("select 1 from order_payments where order_id = $1", [orderId])).toEqual([]);
  });

  it("asks a gift card or health fund payment for its number", async () => {
    const orderId = await job();
    await expect(
      recordJobPayment(t.database.db, {
        orderId,
        amountMinor: 100,
        tender: "health_fund",
        reference: "  ",
        idempotencyKey: `hf-${orderId}`,
        staffId,
      }),
    ).rejects.toMatchObject({ errors: { reference: ["The Health fund claim no. is required."] } });
  });

  it("keeps the deposit and the job together: a failure after it in the caller's transaction leaves neither", async () => {
    const orderId = await job();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordJobPayment(tx as never, {
          orderId,
          amountMinor: 2_000,
          tender: "cash",
          idempotencyKey: `tx-${orderId}`,
          staffId,
          kind: "deposit",
        });
        throw new Error("item insert failed");
      }),
    ).rejects.toThrow("item insert failed");
    expect(await money(orderId)).toMatchObject({ paid: 0, balance: 10_000 });
    expect(await q("select 1 from order_payments where idempotency_key = $1", [`tx-${orderId}`])).toEqual([]);
  });

  it("owes nothing on a refunded job, and takes no payment on it", async () => {
    const orderId = await job();
    await q(
      "update orders set payment_status_id = (select id from statuses where kind = 'payment' and slug = 'refunded') where id = $1",
      [orderId],
    );
    expect((await money(orderId)).balance).toBe(0);
    await expect(
      recordJobPayment(t.database.db, {
        orderId,
        amountMinor: 100,
        tender: "cash",
        idempotencyKey: `closed-${orderId}`,
        staffId,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });
});
