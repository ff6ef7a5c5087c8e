import { PARTIAL_REFUND_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxGateway, type PaymentGateway, PaymentGatewayError } from "../../integrations/payments";
import { createTestApp, type TestApp } from "../../test/test-app";
import { REFUND_KEY_REUSED } from "./partial-refunds.service";

let t: TestApp;
let admin: string;
let sam: string;
/** Intents the stand-in refuses for now, as the provider refuses a disputed charge. */
const refusing = new Set<string>();

beforeAll(async () => {
  let sandbox: PaymentGateway | null = null;
  const gateway: PaymentGateway = {
    name: "sandbox",
    publishableKey: () => "pk_sandbox_loupe",
    createIntent: (r) => sandbox!.createIntent(r),
    retrieveIntent: (id, c) => sandbox!.retrieveIntent(id, c),
    cancel: (r) => sandbox!.cancel(r),
    listTransactions: (q) => sandbox!.listTransactions!(q),
    refund: async (r) => {
      if (refusing.has(r.intentId))
        throw new PaymentGatewayError("Charge has been disputed; it cannot be refunded.", "charge_disputed");
      return sandbox!.refund(r);
    },
  };
  t = await createTestApp({ adapters: { payments: gateway } });
  sandbox = createSandboxGateway(t.database.db);
  [admin, sam] = await Promise.all([t.login(), t.login("sam@loupe.test")]);
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

let n = 0;
/**
 * A job at Chatswood (AU) taken three days ago: a frame of $60.00 and lenses of $40.00, paid by the
 * payments given (card payments on the sandbox gateway, oldest first; cash at the till).
 */
async function makeJob(
  payments: { kind: "card" | "cash"; amount: number }[] = [{ kind: "card", amount: 10_000 }],
) {
  n++;
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'CHA' or name = 'Chatswood' limit 1",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const created = new Date(Date.now() - 3 * 86_400_000);
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, 'Rae', 'Test', 'rae@example.com', 10000, $4, $5, $6, 4, 'dv4', false, $7, $8, $9) returning id`,
    [
      `TPART${n}`,
      `#P${n}`,
      `ONL-P${n}`,
      paid,
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
  const intents: string[] = [];
  for (const [i, p] of payments.entries()) {
    const intent = p.kind === "card" ? `pi_sandbox_p${o.id}_${i}` : null;
    if (intent) {
      intents.push(intent);
      await q(
        `insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount_minor, currency, status)
         values ($1, $1 || '_s', $1, $2, 'AUD', 'succeeded')`,
        [intent, p.amount],
      );
    }
    await q(
      `insert into order_payments (order_id, amount_minor, payment_type_name, gateway, intent_id, state, created_at)
       values ($1, $2, $3, $4, $5, 'captured', $6)`,
      [
        o.id,
        p.amount,
        p.kind === "card" ? "Card" : "Cash",
        p.kind === "card" ? "sandbox" : null,
        intent,
        new Date(created.getTime() + i * 60_000),
      ],
    );
  }
  return { id: o.id, frame: items[0], lenses: items[1], intents };
}

const partial = (id: number, body: Record<string, unknown>, key?: string, token = admin) =>
  t.call(token, {
    method: "POST",
    url: `/api/staff/orders/${id}/refunds`,
    payload: { reason: "product-faulty", destination: "card", ...body },
    headers: key ? { "idempotency-key": key } : {},
  });
const gatewayRefunds = (intent: string) =>
  q<{ amount_minor: number; idempotency_key: string }>(
    "select amount_minor, idempotency_key from sandbox_refunds where intent_id = $1 order by created_at",
    [intent],
  );

describe("partial refunds", () => {
  it("returns the frame of a two-item job: Partly refunded, the frame Refunded, a credit note, the card refunded once", async () => {
    const job = await makeJob();
    const res = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, `frame-${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.dispense_status.slug).toBe("in-progress");
    expect(data.refunded).toBe(false);
    expect(data.partly_refunded_amount).toBe(60);
    expect(data.refundable_amount).toBe(40);
    const frame = data.items.find((i: { id: number }) => i.id === job.frame);
    const lenses = data.items.find((i: { id: number }) => i.id === job.lenses);
    expect(frame.quantity).toBe(-1);
    expect(lenses.quantity).toBe(1);
    expect(data.refunds[0]).toMatchObject({ scope: "partial", status: "succeeded", amount: 60 });
    expect(data.refunds[0].credit_note.code).toMatch(/^AU\d+-CN-\d{6}$/);
    const [payment] = await q<{ id: number }>("select id from order_payments where order_id = $1", [job.id]);
    expect(await gatewayRefunds(job.intents[0])).toEqual([
      { amount_minor: 6000, idempotency_key: `frame-${job.id}:${payment.id}` },
    ]);
    const events = await q<{ kind: string; to_value: string }>(
      "select kind, to_value from job_events where order_id = $1 order by id",
      [job.id],
    );
    expect(events.find((e) => e.kind === "refund")?.to_value).toContain(data.refunds[0].credit_note.code);
    expect(events.some((e) => e.kind === "item_status" && e.to_value === "Refunded")).toBe(true);
  });

  it("issues a credit note that opens through the receipt link as a PDF and goes out by e-mail", async () => {
    const job = await makeJob();
    const res = await partial(job.id, {
      items: [{ id: job.frame, quantity: 1 }],
      reason: "customer-changed-mind",
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data.refunds[0].credit_note;
    const path = new URL(note.url).pathname;
    const pdf = await t.app.inject({ method: "GET", url: path });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.CREDIT_NOTE_PDF)
      (await import("node:fs")).writeFileSync(process.env.CREDIT_NOTE_PDF, pdf.rawPayload);
    const wrong = await t.app.inject({
      method: "GET",
      url: path.replace(/\/[^/]+\/([^/]+)$/, "/AAAAAAAAAAAAAAAAAAAAAAAA/$1"),
    });
    expect(wrong.statusCode).toBe(404);
    const page = await t.app.inject({ method: "GET", url: new URL(res.json().data.receipt_url).pathname });
    expect(page.body).toContain(note.code);
    const [, , , , orderId, token, code] = path.split("/");
    const mail = await t.call(admin, {
      method: "POST",
      url: `/shop-api/receipt/credit-note/email/${orderId}/${token}/${code}`,
      payload: { email: "rae@example.com" },
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const [sent] = await q<{ subject: string; body: string }>(
      "select subject, body from outbox_messages where recipient = 'rae@example.com' order by id desc limit 1",
    );
    expect(sent.subject).toContain(note.code);
  });

  it("answers the same key twice with one refund", async () => {
    const job = await makeJob();
    const a = await partial(job.id, { amount_minor: 1_500 }, `twice-${job.id}`);
    const b = await partial(job.id, { amount_minor: 1_500 }, `twice-${job.id}`);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await gatewayRefunds(job.intents[0])).toHaveLength(1);
    expect(b.json().data.partly_refunded_amount).toBe(15);
  });

  it("answers 409 when the same key comes back with a different refund, and the first result to the same one", async () => {
    const job = await makeJob();
    const key = `changed-${job.id}`;
    const first = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(first.statusCode, first.body).toBe(200);
    for (const other of [
      { items: [{ id: job.lenses, quantity: 1 }] },
      { items: [{ id: job.frame, quantity: 1 }], amount_minor: 5_000 },
      { items: [{ id: job.frame, quantity: 1 }], destination: "till" },
      { items: [{ id: job.frame, quantity: 1 }], reason: "duplicate-order" },
    ]) {
      const res = await partial(job.id, other, key);
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json().code).toBe("conflict");
      expect(res.json().message).toBe(REFUND_KEY_REUSED);
    }
    const again = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refunds).toEqual(first.json().data.refunds);
    expect(await gatewayRefunds(job.intents[0])).toHaveLength(1);
  });

  it("refuses more than is left, naming the field, server and form alike", async () => {
    const job = await makeJob();
    await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] });
    const res = await partial(job.id, { amount_minor: 4_001 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual([PARTIAL_REFUND_MESSAGES.tooMuch("$40.00")]);
    const again = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors["items.0.id"]).toEqual([PARTIAL_REFUND_MESSAGES.itemRefunded]);
  });

  it("the refund that returns what is left makes the job Refunded, as a full refund does", async () => {
    const job = await makeJob();
    await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] });
    const res = await partial(job.id, { items: [{ id: job.lenses, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.refunded).toBe(true);
    expect(data.dispense_status.slug).toBe("refunded");
    expect(data.partly_refunded_amount).toBe(0);
    expect(data.items.every((i: { quantity: number }) => i.quantity === -1)).toBe(true);
    const codes = data.refunds.map((r: { credit_note: { code: string } }) => r.credit_note.code);
    // Numbered in the region's one sequence, one after the other.
    const numbers = codes.map((c: string) => Number(c.split("-").pop()));
    expect(numbers[1]).toBe(numbers[0] + 1);
  });

  it("a full refund after a partial one returns only what each payment has left", async () => {
    const job = await makeJob();
    await partial(job.id, { amount_minor: 2_500 });
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/orders/${job.id}/refund`,
      payload: { reason: "product-faulty" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await gatewayRefunds(job.intents[0])).map((r) => r.amount_minor)).toEqual([2_500, 7_500]);
  });

  it("splits across card payments oldest first; a refusal part-way is recorded and the same request completes it", async () => {
    const job = await makeJob([
      { kind: "card", amount: 3_000 },
      { kind: "card", amount: 7_000 },
    ]);
    refusing.add(job.intents[1]);
    const key = `split-${job.id}`;
    const first = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toContain("stopped part-way");
    const [attempt] = await q<{ status: string; id: number }>(
      "select id, status from order_refunds where idempotency_key = $1",
      [key],
    );
    expect(attempt.status).toBe("incomplete");
    const shares = await q<{ status: string; amount_minor: number }>(
      "select status, amount_minor from order_refund_payments where refund_id = $1 order by position",
      [attempt.id],
    );
    expect(shares).toEqual([
      { status: "succeeded", amount_minor: 3_000 },
      { status: "failed", amount_minor: 3_000 },
    ]);
    // Nothing else may take the reserved money meanwhile: 40.00 is left, not 70.00.
    expect((await partial(job.id, { amount_minor: 4_001 })).statusCode).toBe(422);
    refusing.delete(job.intents[1]);
    const done = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, key);
    expect(done.statusCode, done.body).toBe(200);
    expect((await gatewayRefunds(job.intents[0])).map((r) => r.amount_minor)).toEqual([3_000]);
    const second = await gatewayRefunds(job.intents[1]);
    expect(second.map((r) => r.amount_minor)).toEqual([3_000]);
    // The retry after a refusal uses a new key: nothing moved on the first.
    expect(second[0].idempotency_key).toMatch(/:2$/);
    expect(done.json().data.partly_refunded_amount).toBe(60);
  });

  it("returns money at the till for cash, and refuses a card refund for a job with no card", async () => {
    const job = await makeJob([{ kind: "cash", amount: 10_000 }]);
    const card = await partial(job.id, { amount_minor: 1_000 });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.destination).toEqual([PARTIAL_REFUND_MESSAGES.noCard]);
    const till = await partial(job.id, { amount_minor: 1_000, destination: "till" });
    expect(till.statusCode, till.body).toBe(200);
    expect(till.json().data.refunds[0]).toMatchObject({ method: "till", amount: 10 });
  });

  it("answers what is left for the form", async () => {
    const job = await makeJob();
    await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] });
    const res = await t.call(admin, { method: "GET", url: `/api/staff/orders/${job.id}/refundable` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ remaining_minor: 4_000, refunded_minor: 6_000, currency: "AUD" });
    expect(data.items.map((i: { remaining_quantity: number }) => i.remaining_quantity)).toEqual([0, 1]);
  });

  it("asks a manager to approve a partial refund above the region's limit, on its own amount", async () => {
    const job = await makeJob([{ kind: "card", amount: 80_000 }]);
    await q("update order_items set total_amount_minor = 60000, unit_price_minor = 60000 where id = $1", [
      job.frame,
    ]);
    await q("update order_items set total_amount_minor = 20000, unit_price_minor = 20000 where id = $1", [
      job.lenses,
    ]);
    // $200.00 of lenses: under the $500.00 limit, no approval.
    expect(
      (await partial(job.id, { items: [{ id: job.lenses, quantity: 1 }] }, undefined, sam)).statusCode,
    ).toBe(200);
    const frame = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, `appr-${job.id}`, sam);
    expect(frame.statusCode).toBe(403);
    expect(frame.json().code).toBe("approval_required");
    const ok = await t.call(sam, {
      method: "POST",
      url: `/api/staff/orders/${job.id}/approvals`,
      payload: { action: "refund", email: "mia@loupe.test", password: "LoupeDemo1" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, `appr-${job.id}`, sam);
    expect(res.statusCode, res.body).toBe(200);
    const last = res.json().data.refunds.at(-1);
    expect(last.approved_by).toMatch(/Mia/);
  });

  it("the outlet's day: refunds by staff member, set against the gateway, differences listed, as CSV", async () => {
    const job = await makeJob();
    await partial(job.id, { items: [{ id: job.frame, quantity: 1 }] });
    const [outlet] = await q<{ id: number }>("select origin_outlet_id as id from orders where id = $1", [
      job.id,
    ]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
    const url = `/api/staff/outlets/${outlet.id}/till-summary?date=${today}`;
    expect((await t.call(sam, { method: "GET", url })).statusCode).toBe(403);
    const before = (await t.call(admin, { method: "GET", url })).json().data;
    expect(before.totals.card_refunds_minor).toBeGreaterThanOrEqual(6_000);
    expect(before.by_staff.find((s: { staff_name: string }) => s.staff_name === "Avery Admin")).toBeTruthy();
    expect(before.differences.filter((d: { kind: string }) => d.kind === "refund")).toEqual([]);
    // Someone refunds at the gateway's own dashboard: the day no longer matches, and says where.
    await q(
      `insert into sandbox_refunds (id, intent_id, idempotency_key, amount_minor, status) values ($1, $2, $1, 500, 'succeeded')`,
      [`re_dash_${job.id}`, job.intents[0]],
    );
    const after = (await t.call(admin, { method: "GET", url })).json().data;
    expect(after.reconciled).toBe(false);
    expect(after.differences).toContainEqual({
      kind: "refund",
      reference: job.intents[0],
      ours_minor: 6_000,
      gateway_minor: 6_500,
      order_id: job.id,
      note: "The amounts differ",
    });
    const csv = await t.call(admin, { method: "GET", url: `${url}&format=csv` });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("All staff");
    expect(csv.body).toContain(`refund,${job.intents[0]},${job.id},60.00,65.00,The amounts differ`);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "ten parallel partial refunds that together exceed the payment refund at most what was captured",
    async () => {
      const job = await makeJob();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => partial(job.id, { amount_minor: 3_000 }, `race-${job.id}-${i}`)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c !== 200).every((c) => c === 422 || c === 409)).toBe(true);
      const gw = await gatewayRefunds(job.intents[0]);
      expect(gw.reduce((s, r) => s + r.amount_minor, 0)).toBe(9_000);
      const [sum] = await q<{ total: number }>(
        "select coalesce(sum(amount_minor), 0)::int as total from order_refund_payments where payment_id = (select id from order_payments where order_id = $1)",
        [job.id],
      );
      expect(sum.total).toBeLessThanOrEqual(10_000);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "ten parallel retries with one key refund once and all answer it",
    async () => {
      const job = await makeJob();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          partial(job.id, { items: [{ id: job.frame, quantity: 1 }] }, `same-${job.id}`),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(await gatewayRefunds(job.intents[0])).toHaveLength(1);
      expect((await q("select * from credit_notes where order_id = $1", [job.id])).length).toBe(1);
    },
  );
});
