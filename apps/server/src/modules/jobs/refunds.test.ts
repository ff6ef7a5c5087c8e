import { NOT_REFUNDABLE, REFUND_SUCCESS, REFUNDED_ITEM_LOCKED } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxGateway, type PaymentGateway, PaymentGatewayError } from "../../integrations/payments";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
/** Refunds of intents whose id starts with this are refused, as the provider would refuse them. */
const REFUSED = "pi_refused_";

beforeAll(async () => {
  // The sandbox gateway, except that it refuses some intents: a provider's "no".
  let sandbox: PaymentGateway | null = null;
  const gateway: PaymentGateway = {
    name: "sandbox",
    publishableKey: () => "pk_sandbox_loupe",
    createIntent: (r) => sandbox!.createIntent(r),
    retrieveIntent: (id, c) => sandbox!.retrieveIntent(id, c),
    cancel: (r) => sandbox!.cancel(r),
    refund: async (r) => {
      if (r.intentId.startsWith(REFUSED))
        throw new PaymentGatewayError("Charge has been disputed; it cannot be refunded.", "charge_disputed");
      return sandbox!.refund(r);
    },
  };
  t = await createTestApp({ adapters: { payments: gateway } });
  sandbox = createSandboxGateway(t.database.db);
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 20 });
  token = await t.login();
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const refund = (id: number, reason = "product-faulty", key?: string) =>
  t.call(token, {
    method: "POST",
    url: `/api/orders/${id}/refund`,
    payload: { reason },
    headers: key ? { "idempotency-key": key } : {},
  });
const detail = async (id: number) =>
  (await t.call(token, { method: "GET", url: `/api/staff/orders/${id}` })).json().data;

let n = 0;
/**
 * A fresh paid job: POS (cash at the till) or online (a captured or only-authorised card on the
 * sandbox gateway), paid `daysAgo` days ago, two items of $60 and $40.
 */
async function makeJob(
  kind: "pos" | "card" | "held" | "refused",
  { daysAgo = 3, paid = 10_000 }: { daysAgo?: number; paid?: number } = {},
) {
  n++;
  const [tmpl] = await q<{ id: number; origin_outlet_id: number; region_id: number }>(
    "select id, origin_outlet_id, region_id from orders where region_id = 1 order by id limit 1",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const online = kind !== "pos";
  const created = new Date(Date.now() - daysAgo * 86_400_000);
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, 'Rae', 'Test', 'rae@example.com', 10000, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      `TREF${n}`,
      `#R${n}`,
      online ? `ONL-R${n}` : `NTN-R${n}`,
      paid,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      online ? 4 : 1,
      online ? "dv4" : "pos",
      !online,
      tmpl.origin_outlet_id,
      tmpl.region_id,
      created,
    ],
  );
  const [product] = await q<{ id: number }>("select id from region_products where region_id = 1 limit 1");
  for (const amount of [6000, 4000])
    await q(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, $5, $5)`,
      [o.id, product.id, await status("item", "in-progress"), tmpl.origin_outlet_id, amount],
    );
  const intent = online ? `${kind === "refused" ? REFUSED : "pi_sandbox_t"}${o.id}` : null;
  if (intent)
    await q(
      `insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount_minor, currency, status)
       values ($1, $1 || '_s', $1, $2, 'AUD', $3)`,
      [intent, paid, kind === "held" ? "requires_capture" : "succeeded"],
    );
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, gateway, intent_id, state, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      o.id,
      paid,
      online ? "Card" : "Cash",
      online ? "sandbox" : null,
      intent,
      kind === "held" ? "authorised" : "captured",
      created,
    ],
  );
  return o.id;
}

describe("refund and void", () => {
  it("lists refund reasons", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/refund-reasons" });
    expect(res.json().data.map((r: { slug: string }) => r.slug)).toContain("product-faulty");
  });

  it("decides Refund or Void on the server", async () => {
    expect(await detail(await makeJob("card"))).toMatchObject({ is_refundable: true, refund_type: "refund" });
    expect(await detail(await makeJob("held"))).toMatchObject({ is_refundable: true, refund_type: "void" });
    expect(await detail(await makeJob("pos", { daysAgo: 0 }))).toMatchObject({ refund_type: "void" });
    expect(await detail(await makeJob("pos", { daysAgo: 2 }))).toMatchObject({ refund_type: "refund" });
    expect(await detail(await makeJob("pos", { paid: 0 }))).toMatchObject({ is_refundable: false });
  });

  it("refunds a card job in full: the job and every item Refunded, money back on the card", async () => {
    const id = await makeJob("card");
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REFUND_SUCCESS);
    const job = res.json().data;
    expect(job).toMatchObject({ refunded: true, is_refundable: false, refund_type: null });
    expect(job.dispense_status.slug).toBe("refunded");
    expect(job.items.every((i: { quantity: number }) => i.quantity === -1)).toBe(true);
    expect(
      job.items.every((i: { dispense_status: { slug: string } }) => i.dispense_status.slug === "refunded"),
    ).toBe(true);
    expect(job.refunds).toMatchObject([
      { kind: "refund", amount: 100, method: "gateway", status: "succeeded" },
    ]);
    const [gw] = await q<{ amount_minor: number; idempotency_key: string }>(
      "select amount_minor, idempotency_key from sandbox_refunds where intent_id = $1",
      [`pi_sandbox_t${id}`],
    );
    expect(gw.amount_minor).toBe(10_000);
    // Refunded is one fact: the list row says the same as the detail.
    const row = (await t.call(token, { method: "GET", url: `/api/staff/orders?q=ONL-R${n}` })).json().data[0];
    expect(row).toMatchObject({ refunded: true, is_refundable: false });
    // Refunded items cannot change status, singly or in a batch; the job's status is fixed too.
    const ready = (
      await q<{ id: number }>("select id from statuses where kind = 'item' and slug = 'ready-to-go'")
    )[0].id;
    const one = await t.call(token, {
      method: "PUT",
      url: `/api/staff/order-items/${job.items[0].id}/dispense-status-id`,
      payload: { id: ready },
    });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(REFUNDED_ITEM_LOCKED);
    const many = await t.call(token, {
      method: "PUT",
      url: "/api/staff/order-items/dispense-status-id",
      payload: { item_ids: [job.items[1].id], status_id: ready },
    });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toContain(REFUNDED_ITEM_LOCKED);
    const again = await refund(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(NOT_REFUNDABLE);
  });

  it("voids an authorised card (cancels the hold) and shows voided", async () => {
    const id = await makeJob("held");
    const res = await refund(id, "Duplicate order");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ voided: true, refunded: false, is_refundable: false });
    expect(res.json().data.dispense_status.slug).toBe("voided");
    const [intent] = await q<{ status: string }>("select status from sandbox_payment_intents where id = $1", [
      `pi_sandbox_t${id}`,
    ]);
    expect(intent.status).toBe("canceled");
    expect(
      (await q("select * from sandbox_refunds where intent_id = $1", [`pi_sandbox_t${id}`])).length,
    ).toBe(0);
  });

  it("records a point-of-sale refund to be made at the till", async () => {
    const id = await makeJob("pos", { daysAgo: 4 });
    const res = await refund(id);
    expect(res.json().data.refunds).toMatchObject([{ kind: "refund", method: "till", amount: 100 }]);
    const voided = await refund(await makeJob("pos", { daysAgo: 0 }));
    expect(voided.json().data).toMatchObject({ voided: true });
  });

  it("leaves the job unchanged and shows the gateway's words when the gateway refuses", async () => {
    const id = await makeJob("refused");
    const before = await detail(id);
    const res = await refund(id, "product-faulty", `refused-${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Charge has been disputed; it cannot be refunded.");
    // The same key again answers the same refusal.
    const retry = await refund(id, "product-faulty", `refused-${id}`);
    expect(retry.json().error).toBe("Charge has been disputed; it cannot be refunded.");
    const after = await detail(id);
    expect(after.dispense_status).toEqual(before.dispense_status);
    expect(after.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 1]);
    expect(after).toMatchObject({ is_refundable: true, refunded: false });
    expect(after.refunds).toMatchObject([
      { status: "failed", error: "Charge has been disputed; it cannot be refunded." },
    ]);
  });

  it("answers a retry with the same Idempotency-Key with the first result, refunding once", async () => {
    const id = await makeJob("card");
    const first = await refund(id, "product-faulty", `retry-${id}`);
    const second = await refund(id, "product-faulty", `retry-${id}`);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await q("select * from order_refunds where order_id = $1", [id])).length).toBe(1);
    expect(
      (await q("select * from sandbox_refunds where intent_id = $1", [`pi_sandbox_t${id}`])).length,
    ).toBe(1);
    // A key belongs to one job.
    const other = await refund(await makeJob("card"), "product-faulty", `retry-${id}`);
    expect(other.statusCode).toBe(409);
  });

  it("refunds only what is left: the refunded sum never exceeds what was captured", async () => {
    const id = await makeJob("pos", { daysAgo: 5 });
    const [staff] = await q<{ id: number }>("select id from staff_users order by id limit 1");
    // An earlier partial refund of $30 (the table allows one per attempt row).
    await q(
      `insert into order_refunds (order_id, idempotency_key, kind, scope, amount_minor, method, status, reason, staff_user_id)
       values ($1, $2, 'refund', 'partial', 3000, 'till', 'succeeded', 'Other', $3)`,
      [id, `partial-${id}`, staff.id],
    );
    const res = await refund(id);
    expect(res.statusCode).toBe(200);
    const [{ total }] = await q<{ total: number }>(
      "select sum(amount_minor)::int as total from order_refunds where order_id = $1 and status <> 'failed'",
      [id],
    );
    expect(total).toBe(10_000);
    // The database refuses a second full refund of the job whatever the code does.
    await expect(
      q(
        `insert into order_refunds (order_id, idempotency_key, kind, amount_minor, method, reason, staff_user_id)
         values ($1, 'dup-${id}', 'refund', 1, 'till', 'Other', $2)`,
        [id, staff.id],
      ),
    ).rejects.toThrow();
  });

  it("refuses an unknown reason and a job that does not exist", async () => {
    expect((await refund(await makeJob("card"), "because")).statusCode).toBe(422);
    expect((await refund(999_999)).statusCode).toBe(404);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "ten parallel refund requests for one job produce one refund",
    async () => {
      const id = await makeJob("card");
      const results = await Promise.all(Array.from({ length: 10 }, () => refund(id)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      expect((await q("select * from order_refunds where order_id = $1", [id])).length).toBe(1);
      const gw = await q<{ amount_minor: number }>(
        "select amount_minor from sandbox_refunds where intent_id = $1",
        [`pi_sandbox_t${id}`],
      );
      expect(gw.map((r) => r.amount_minor)).toEqual([10_000]);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "ten parallel retries with one Idempotency-Key refund once and all answer the refund",
    async () => {
      const id = await makeJob("card");
      const results = await Promise.all(
        Array.from({ length: 10 }, () => refund(id, "product-faulty", `par-${id}`)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(
        (await q("select * from sandbox_refunds where intent_id = $1", [`pi_sandbox_t${id}`])).length,
      ).toBe(1);
      const [job] = await q<{ quantity: number }>("select quantity from order_items where order_id = $1", [
        id,
      ]);
      expect(job.quantity).toBe(-1);
      const events = await q("select * from job_events where order_id = $1 and kind = 'refund'", [id]);
      expect(events).toHaveLength(1);
    },
  );
});
