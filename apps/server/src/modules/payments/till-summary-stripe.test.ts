import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeGateway } from "../../integrations/payments";
import { stripeStandIn } from "../../test/stripe-stand-in";
import { createTestApp, type TestApp } from "../../test/test-app";

/** The till's day with Stripe configured: the gateway side read from Stripe's list endpoints (ADR 0033). */
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

/** A Chatswood job of $100.00 (frame $60.00, lenses $40.00) paid today by card through Stripe. */
async function paidToday(n: number) {
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'CHA' or name = 'Chatswood' limit 1",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id)
     values ($1, $2, $3, 'Rae', 'Test', 'rae@example.com', 10000, 10000, $4, $5, 4, 'dv4', false, $6, $7) returning id`,
    [
      `TSTR${n}`,
      `#S${n}`,
      `ONL-S${n}`,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
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
  const intent = `pi_till_${o.id}`;
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, gateway, intent_id, state)
     values ($1, 10000, 'Card', 'stripe', $2, 'captured')`,
    [o.id, intent],
  );
  stand.addCharge({ payment_intent: intent, amount: 10_000, currency: "aud" });
  return { id: o.id, outletId: outlet.id, frame: items[0], intent };
}

describe("the till summary with the Stripe adapter", () => {
  it("lists the day's card payments and refunds from Stripe; no difference when they match, one when Stripe holds a refund we don't", async () => {
    const job = await paidToday(1);
    const refund = await t.call(admin, {
      method: "POST",
      url: `/api/staff/orders/${job.id}/refunds`,
      payload: { reason: "product-faulty", destination: "card", items: [{ id: job.frame, quantity: 1 }] },
      headers: { "idempotency-key": `till-${job.id}` },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
    const url = `/api/staff/outlets/${job.outletId}/till-summary?date=${today}`;

    const day = (await t.call(admin, { method: "GET", url })).json().data;
    expect(day.totals.card_payments_minor).toBe(10_000);
    expect(day.totals.card_refunds_minor).toBe(6_000);
    expect(day.gateway).toEqual({ card_payments_minor: 10_000, card_refunds_minor: 6_000 });
    expect(day.differences).toEqual([]);
    expect(day.reconciled).toBe(true);
    // Stripe's own list endpoints, for the outlet's day, page by page.
    const lists = stand.seen.filter((r) => r.method === "GET");
    expect(lists.map((r) => r.path).sort()).toEqual(["/v1/charges", "/v1/refunds"]);
    for (const r of lists) {
      expect(Number(r.body.get("created[gte]"))).toBeLessThanOrEqual(Date.now() / 1000);
      expect(Number(r.body.get("created[lt]"))).toBeGreaterThan(Date.now() / 1000);
      expect(r.body.get("limit")).toBe("100");
    }

    // A refund made in Stripe's dashboard: the day no longer matches, and says where.
    stand.addRefund({ payment_intent: job.intent, amount: 500, currency: "aud" });
    const after = (await t.call(admin, { method: "GET", url })).json().data;
    expect(after.reconciled).toBe(false);
    expect(after.gateway.card_refunds_minor).toBe(6_500);
    expect(after.differences).toEqual([
      {
        kind: "refund",
        reference: job.intent,
        ours_minor: 6_000,
        gateway_minor: 6_500,
        order_id: job.id,
        note: "The amounts differ",
      },
    ]);
  });
});
