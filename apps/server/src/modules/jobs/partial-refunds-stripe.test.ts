import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeGateway } from "../../integrations/payments";
import { stripeStandIn } from "../../test/stripe-stand-in";
import { createTestApp, type TestApp } from "../../test/test-app";

/** Partial refunds through the Stripe adapter, read from what the Stripe stand-in received (ADR 0033). */
const stand = stripeStandIn();
let t: TestApp;
let admin: string;

beforeAll(async () => {
  const api = await stand.listen();
  t = await createTestApp({
    adapters: { payments: createStripeGateway({ secret: "sk_test_main", publishable: "pk_test_main", api }) },
  });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await stand.close();
});

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

let n = 0;
/** A Chatswood job of $100.00 (frame $60.00, lenses $40.00) paid by the card payments given, oldest first. */
async function makeJob(cards: number[]) {
  n++;
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'CHA' or name = 'Chatswood' limit 1",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const created = new Date(Date.now() - 86_400_000);
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, 'Rae', 'Test', 'rae@example.com', 10000, 10000, $4, $5, 4, 'dv4', false, $6, $7, $8) returning id`,
    [
      `TPRS${n}`,
      `#R${n}`,
      `ONL-R${n}`,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
      created,
    ],
  );
  const [product] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values ($1, 'Frame or lenses', 'frame', 'glasses', 6000) returning id`,
    [outlet.region_id],
  );
  const items: number[] = [];
  for (const amount of [6000, 4000]) {
    const [item] = await q<{ id: number }>(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [o.id, product.id, await status("item", "in-progress"), outlet.id, amount],
    );
    items.push(item.id);
  }
  const payments: { id: number; intent: string }[] = [];
  for (const [i, amount] of cards.entries()) {
    const intent = `pi_prs_${o.id}_${i}`;
    const [p] = await q<{ id: number }>(
      `insert into order_payments (order_id, amount_minor, payment_type_name, gateway, intent_id, state, created_at)
       values ($1, $2, 'Card', 'stripe', $3, 'captured', $4) returning id`,
      [o.id, amount, intent, new Date(created.getTime() + i * 60_000)],
    );
    stand.addCharge({ payment_intent: intent, amount, currency: "aud" });
    payments.push({ id: p.id, intent });
  }
  return { id: o.id, frame: items[0], lenses: items[1], payments };
}

const partial = (id: number, body: Record<string, unknown>, key: string) =>
  t.call(admin, {
    method: "POST",
    url: `/api/staff/orders/${id}/refunds`,
    payload: { reason: "product-faulty", destination: "card", ...body },
    headers: { "idempotency-key": key },
  });
const refundCalls = (intents: string[]) =>
  stand.seen.filter(
    (r) => r.method === "POST" && r.path === "/v1/refunds" && intents.includes(r.body.get("payment_intent")!),
  );
const refundsAt = (intent: string) => stand.refunds.filter((r) => r.payment_intent === intent);

describe("partial refunds against the Stripe stand-in", () => {
  it("sends the amount in minor units, the payment_intent and an Idempotency-Key for the payment's share", async () => {
    const job = await makeJob([10_000]);
    const key = `stripe-one-${job.id}`;
    const res = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(res.statusCode, res.body).toBe(200);
    const [call, ...more] = refundCalls([job.payments[0].intent]);
    expect(more).toEqual([]);
    expect(call.body.get("payment_intent")).toBe(job.payments[0].intent);
    expect(call.body.get("amount")).toBe("6000");
    expect(call.body.get("metadata[order_id]")).toBe(String(job.id));
    expect(call.idempotencyKey).toBe(`${key}:${job.payments[0].id}`);
    expect(call.authorization).toBe("Bearer sk_test_main");
    // The same request again answers the first refund without calling Stripe.
    const again = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(again.statusCode).toBe(200);
    expect(refundCalls([job.payments[0].intent])).toHaveLength(1);
    expect(refundsAt(job.payments[0].intent)).toHaveLength(1);
  });

  it("splits over two payments with two refund calls, each with its own key, oldest payment first", async () => {
    const job = await makeJob([6_000, 4_000]);
    const key = `stripe-split-${job.id}`;
    const res = await partial(job.id, { amount_minor: 8_000 }, key);
    expect(res.statusCode, res.body).toBe(200);
    const calls = refundCalls(job.payments.map((p) => p.intent));
    expect(calls.map((c) => [c.body.get("payment_intent"), c.body.get("amount"), c.idempotencyKey])).toEqual([
      [job.payments[0].intent, "6000", `${key}:${job.payments[0].id}`],
      [job.payments[1].intent, "2000", `${key}:${job.payments[1].id}`],
    ]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(res.json().data.refunds.at(-1).amount).toBe(80);
  });

  it("a retry after Stripe's answer was lost sends the same key, and Stripe makes no second refund", async () => {
    const job = await makeJob([10_000]);
    const intent = job.payments[0].intent;
    const key = `stripe-lost-${job.id}`;
    // Every answer lost, the SDK's own retry of the closed connection (same key) included.
    stand.dropAnswer.set(intent, 2);
    const lost = await partial(job.id, { amount_minor: 2_500 }, key);
    expect(lost.statusCode, lost.body).toBe(502);
    expect(refundsAt(intent)).toHaveLength(1);
    // The request that lost its answer is long gone: the same key drives the attempt again.
    await q(
      "update order_refunds set created_at = now() - interval '10 minutes' where idempotency_key = $1",
      [key],
    );
    const retry = await partial(job.id, { amount_minor: 2_500 }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    const calls = refundCalls([intent]);
    // The lost call, the SDK's retry of the closed connection, our retry: one key, one refund.
    expect(calls.map((c) => c.idempotencyKey)).toEqual(Array(3).fill(`${key}:${job.payments[0].id}`));
    expect(refundsAt(intent)).toHaveLength(1);
    expect(retry.json().data.partly_refunded_amount).toBe(25);
  });
});
