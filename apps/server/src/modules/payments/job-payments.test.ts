import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";

// Money on the job (issue 44, ADR 0057): POST /api/staff/orders/:id/payments, the balance on the
// job's answers and list, and collecting with a balance due. On PGlite here, and on PostgreSQL
// (TEST_DATABASE_URL) where the parallel tests run: PGlite has one connection and hides races.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = "LoupeDemo1";

let t: TestApp;
let admin: string;
let sam: string;
let mia: string;
let productId: number;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const status = async (kind: string, slug: string) =>
  (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [admin, sam, mia] = await Promise.all([t.login(), t.login("sam@loupe.test"), t.login("mia@loupe.test")]);
  [{ id: productId }] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values (1, 'Balance frame', 'frames', 'frames', 30000) returning id`,
  );
});
afterAll(() => t.close());

let n = 0;
/** A job at Bondi (AU) costing `totalMinor`, one item, nothing paid yet, in the workshop. */
async function makeJob(totalMinor = 30_000) {
  n++;
  const [o] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'BON'",
  );
  const [job] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, total_amount_minor,
       dispense_status_id, payment_status_id, channel_id, channel, is_octopos_order, origin_outlet_id, region_id)
     values ($1, $2, $3, 'Bal', 'Ance', $4, $5, $6, 1, 'pos', true, $7, $8) returning id`,
    [
      `TPAY${n}${Math.random().toString(36).slice(2, 7)}`,
      `#P${n}`,
      `BON-P${n}`,
      totalMinor,
      await status("dispense", "ready-to-go"),
      await status("payment", "payment-due"),
      o.id,
      o.region_id,
    ],
  );
  await q(
    `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
     values ($1, $2, $3, $4, $5, $5)`,
    [job.id, productId, await status("item", "ready-to-go"), o.id, totalMinor],
  );
  return job.id;
}

const pay = (token: string, id: number, payload: Record<string, unknown>, key: string) =>
  t.call(token, {
    method: "POST",
    url: `/api/staff/orders/${id}/payments`,
    payload,
    headers: { "idempotency-key": key },
  });
const detail = async (id: number) =>
  (await t.call(admin, { method: "GET", url: `/api/staff/orders/${id}` })).json().data;
const paymentRows = (id: number) =>
  q<{ amount_minor: number; tender: string }>(
    "select amount_minor, tender from order_payments where order_id = $1 order by id",
    [id],
  );

describe("taking a payment toward a job", () => {
  it("records cash with who took it, and the job's detail shows the payment and the balance", async () => {
    const id = await makeJob();
    const res = await pay(sam, id, { amount_minor: 10_000, tender: "cash" }, `cash-${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Payment recorded.",
      data: {
        created: true,
        balance_due: 200,
        balance_due_minor: 20_000,
        payment: {
          amount: 100,
          amount_minor: 10_000,
          tender: "cash",
          kind: "payment",
          taken_by: "Sam Nguyen",
        },
      },
    });
    const job = await detail(id);
    expect(job.balance_due).toBe(200);
    expect(job.total_payment).toBe(100);
    expect(job.payment_status.slug).toBe("partially-paid");
    expect(job.payments).toEqual([
      expect.objectContaining({
        amount: 100,
        historical_payment_type_name: "Cash",
        tender: "cash",
        reference: null,
        taken_by: "Sam Nguyen",
        created_at: expect.stringMatching(/Z$/),
      }),
    ]);
  });

  it("answers a repeat of the same key with the first payment: the money moves once", async () => {
    const id = await makeJob();
    const body = { amount_minor: 5_000, tender: "eftpos", reference: "EF-889" };
    const first = await pay(sam, id, body, `dup-${id}`);
    const again = await pay(sam, id, body, `dup-${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ created: false, balance_due_minor: 25_000 });
    expect(again.json().data.payment.id).toBe(first.json().data.payment.id);
    expect(await paymentRows(id)).toEqual([{ amount_minor: 5_000, tender: "eftpos" }]);
  });

  it("refuses more than the balance with 422 on amount_minor, naming the balance, and takes nothing", async () => {
    const id = await makeJob();
    await pay(sam, id, { amount_minor: 25_000, tender: "cash" }, `a-${id}`);
    const res = await pay(sam, id, { amount_minor: 5_001, tender: "cash" }, `b-${id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount_minor).toEqual(["The amount is more than the balance due ($50.00)."]);
    expect((await detail(id)).balance_due).toBe(50);
  });

  it("asks a gift card or health fund payment for its number, and refuses bad input by field", async () => {
    const id = await makeJob();
    const gift = await pay(sam, id, { amount_minor: 100, tender: "gift_card" }, `g-${id}`);
    expect(gift.statusCode).toBe(422);
    expect(gift.json().errors.reference).toEqual(["The Gift card no. is required."]);
    const cheque = await pay(sam, id, { amount_minor: 100, tender: "cheque" }, `c-${id}`);
    expect(cheque.statusCode).toBe(422);
    expect(Object.keys(cheque.json().errors)).toEqual(["tender"]);
    const cents = await pay(sam, id, { amount_minor: 10.5, tender: "cash" }, `d-${id}`);
    expect(cents.statusCode).toBe(422);
    expect(Object.keys(cents.json().errors)).toEqual(["amount_minor"]);
    const health = await pay(
      sam,
      id,
      { amount_minor: 12_000, tender: "health_fund", reference: "HF 42" },
      `h-${id}`,
    );
    expect(health.json().data.payment).toMatchObject({ tender: "health_fund", reference: "HF 42" });
    expect(await paymentRows(id)).toEqual([{ amount_minor: 12_000, tender: "health_fund" }]);
  });

  it("takes a card payment at the gateway's amount, once, and never one that has not gone through", async () => {
    const id = await makeJob();
    const intent = (
      await t.call(sam, {
        method: "POST",
        url: "/api/staff/payment-intent",
        payload: { amount: 120, currency: "AUD", desc: "Balance", order_id: id },
        headers: { "idempotency-key": `intent-${id}` },
      })
    ).json().data;
    const early = await pay(sam, id, { tender: "card", intent_id: intent.intent_id }, `card-early-${id}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.intent_id).toEqual([
      "The card payment has not gone through: take the card payment first.",
    ]);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/sandbox-gateway/confirm",
      payload: { client_secret: intent.client_secret, card_number: "4242424242424242" },
    });
    expect(confirmed.json().status).toBe("succeeded");
    // The browser's amount is not the card's: refused, not recorded at the browser's word.
    const lie = await pay(
      sam,
      id,
      { tender: "card", intent_id: intent.intent_id, amount_minor: 30_000 },
      `lie-${id}`,
    );
    expect(lie.statusCode).toBe(422);
    const res = await pay(sam, id, { tender: "card", intent_id: intent.intent_id }, `card-${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      balance_due_minor: 18_000,
      payment: { amount_minor: 12_000, tender: "card" },
    });
    // The same card payment under another key is not a second payment.
    const twice = await pay(sam, id, { tender: "card", intent_id: intent.intent_id }, `card2-${id}`);
    expect(twice.statusCode).toBe(409);
    const [row] = await q<{ gateway: string; intent_id: string }>(
      "select gateway, intent_id from order_payments where order_id = $1",
      [id],
    );
    expect(row).toEqual({ gateway: "sandbox", intent_id: intent.intent_id });
  });

  it("refuses a card intent above the balance before the card is charged (the rulebook, 409)", async () => {
    const id = await makeJob(5_000);
    const res = await t.call(sam, {
      method: "POST",
      url: "/api/staff/payment-intent",
      payload: { amount: 60, currency: "AUD", desc: "Too much", order_id: id },
      headers: { "idempotency-key": `intent-over-${id}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The amount is more than the balance due ($50.00).");
  });

  it("takes nothing on a paid job (409) or a refunded one (409), and owes nothing once refunded", async () => {
    const paid = await makeJob(1_000);
    await pay(sam, paid, { amount_minor: 1_000, tender: "cash" }, `full-${paid}`);
    const more = await pay(sam, paid, { amount_minor: 1, tender: "cash" }, `more-${paid}`);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe("This job has nothing left to pay.");
    const owing = await makeJob();
    await pay(sam, owing, { amount_minor: 10_000, tender: "cash" }, `dep-${owing}`);
    const refunded = await t.call(admin, {
      method: "POST",
      url: `/api/orders/${owing}/refund`,
      payload: { reason: "product-faulty" },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await detail(owing)).balance_due).toBe(0);
    const after = await pay(sam, owing, { amount_minor: 100, tender: "cash" }, `after-${owing}`);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe("A refunded, voided or cancelled job cannot take a payment.");
  });

  it("lists the balance, filters the jobs that owe and sorts by what they owe", async () => {
    const owes = await makeJob(77_700);
    const settled = await makeJob(1_000);
    await pay(sam, settled, { amount_minor: 1_000, tender: "cash" }, `settle-${settled}`);
    const list = (
      await t.call(admin, {
        method: "GET",
        url: "/api/staff/orders?balance=owing&sort_by=balance_due&per_page=100",
      })
    ).json();
    expect(list.message).toBeUndefined();
    const ids = list.data.map((j: { id: number }) => j.id);
    expect(ids).toContain(owes);
    expect(ids).not.toContain(settled);
    expect(list.data.every((j: { balance_due: number }) => j.balance_due > 0)).toBe(true);
    const dues = list.data.map((j: { balance_due: number }) => j.balance_due);
    expect(dues).toEqual([...dues].sort((a, b) => b - a));
    expect(list.data.find((j: { id: number }) => j.id === owes).balance_due).toBe(777);
    const bad = await t.call(admin, { method: "GET", url: "/api/staff/orders?balance=some" });
    expect(bad.statusCode).toBe(422);
  });
});

describe("the balance on the docket", () => {
  it("prints what is still owed, and 'Nothing owing' once paid", async () => {
    const id = await makeJob();
    await pay(sam, id, { amount_minor: 10_000, tender: "cash" }, `docket-${id}`);
    const docket = async () => {
      const link = await t.call(admin, {
        method: "GET",
        url: `/api/staff/job-tray-signed-url/${id}?document=docket&paper=A5`,
      });
      const u = new URL(link.json().data.url);
      const res = await t.app.inject({ method: "GET", url: u.pathname + u.search });
      expect(res.statusCode).toBe(200);
      if (process.env.PRINT_OUT)
        fs.writeFileSync(path.join(process.env.PRINT_OUT, `balance-${id}.pdf`), res.rawPayload);
      return pdfText(res.rawPayload);
    };
    const owing = await docket();
    expect(owing).toContain("Balance due");
    expect(owing).toContain("$200.00");
    await pay(sam, id, { amount_minor: 20_000, tender: "eftpos" }, `docket2-${id}`);
    expect(await docket()).toContain("Nothing owing");
  });
});

describe("the receipt of a job paid in parts", () => {
  it("lists the deposit and each payment, what was paid and what is still due", async () => {
    const id = await makeJob();
    await pay(sam, id, { amount_minor: 15_000, tender: "cash", kind: "deposit" }, `rcpt-a-${id}`);
    await pay(
      sam,
      id,
      { amount_minor: 5_000, tender: "gift_card", reference: "GC-SECRET-1" },
      `rcpt-b-${id}`,
    );
    const page = async () => {
      const url = new URL((await detail(id)).receipt_url);
      const res = await t.app.inject({ method: "GET", url: url.pathname });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const html = await page();
    expect(html).toContain("Deposit · Cash");
    expect(html).toContain("Gift card");
    expect(html).not.toContain("GC-SECRET-1");
    expect(html).toMatch(/Balance paid.*\$200\.00/s);
    expect(html).toMatch(/Balance due.*\$100\.00/s);
    await pay(sam, id, { amount_minor: 10_000, tender: "eftpos" }, `rcpt-c-${id}`);
    const settled = await page();
    expect(settled).toMatch(/Balance paid.*\$300\.00/s);
    expect(settled).not.toContain("Balance due");
  });
});

describe("collecting a job with a balance due", () => {
  const collect = (token: string, id: number, statusId: number) =>
    t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${id}/dispense-status`,
      payload: { dispense_status_id: statusId },
    });

  it("is refused to staff, naming the balance, until a manager approves it once", async () => {
    const id = await makeJob();
    await pay(sam, id, { amount_minor: 10_000, tender: "cash" }, `dep-c-${id}`);
    const collected = await status("dispense", "collected-by-customer");
    const refused = await collect(sam, id, collected);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "approval_required",
      message:
        "This job has a balance due of $200.00: take the payment, or a manager must approve collecting it unpaid.",
    });
    const approved = await t.call(sam, {
      method: "POST",
      url: `/api/staff/orders/${id}/approvals`,
      payload: { action: "collect", email: "mia@loupe.test", password: PASSWORD },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: "Collection approved.",
      data: { amount_minor: 20_000 },
    });
    const ok = await collect(sam, id, collected);
    expect(ok.statusCode).toBe(200);
    expect((await detail(id)).dispense_status.slug).toBe("collected-by-customer");
    const [{ used }] = await q<{ used: boolean }>(
      "select used_at is not null as used from order_approvals where order_id = $1 and action = 'collect'",
      [id],
    );
    expect(used).toBe(true);
    const events = (await t.call(admin, { method: "GET", url: `/api/staff/orders/${id}/events` })).json().data
      .events;
    expect(events.map((e: { description: string }) => e.description)).toEqual(
      expect.arrayContaining([
        "Collected with a balance due of $200.00",
        "Collection with a balance due approved by Mia Thompson (requested by Sam Nguyen)",
      ]),
    );
    // One use: moving it back and collecting again needs another approval.
    await collect(mia, id, await status("dispense", "ready-to-go"));
    expect((await collect(sam, id, collected)).json().code).toBe("approval_required");
  });

  it("lets a manager collect on their own word, and staff once the balance is paid", async () => {
    const completed = await status("dispense", "completed");
    const managers = await makeJob();
    expect((await collect(mia, managers, completed)).statusCode).toBe(200);
    const paid = await makeJob(2_000);
    await pay(sam, paid, { amount_minor: 2_000, tender: "cash" }, `paid-c-${paid}`);
    expect((await collect(sam, paid, completed)).statusCode).toBe(200);
  });

  it("refuses an item moved to Collected with a balance due, and an approval for more than is owed", async () => {
    const id = await makeJob();
    const [{ id: itemId }] = await q<{ id: number }>("select id from order_items where order_id = $1", [id]);
    const res = await t.call(sam, {
      method: "PUT",
      url: `/api/staff/order-items/${itemId}/dispense-status-id`,
      payload: { id: await status("item", "collected-by-customer") },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("approval_required");
    const batch = await t.call(sam, {
      method: "PUT",
      url: "/api/staff/order-items/dispense-status-id",
      payload: { item_ids: [itemId], status_id: await status("item", "completed") },
    });
    expect(batch.json().code).toBe("approval_required");
    const tooMuch = await t.call(sam, {
      method: "POST",
      url: `/api/staff/orders/${id}/approvals`,
      payload: { action: "collect", amount_minor: 30_001, email: "mia@loupe.test", password: PASSWORD },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount_minor).toEqual([
      "The amount is more than the balance due ($300.00).",
    ]);
  });
});

describe.runIf(onPostgres)("money moves once on PostgreSQL", () => {
  it("records one payment for a double-submitted request (parallel, same key)", async () => {
    const id = await makeJob();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => pay(sam, id, { amount_minor: 10_000, tender: "cash" }, `same-${id}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().data.payment.id)).size).toBe(1);
    expect(results.filter((r) => r.json().data.created)).toHaveLength(1);
    expect(await paymentRows(id)).toEqual([{ amount_minor: 10_000, tender: "cash" }]);
    expect((await detail(id)).total_payment).toBe(100);
  });

  it("never takes more than the balance from 10 parallel payments with different keys", async () => {
    const id = await makeJob();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pay(sam, id, { amount_minor: 7_000, tender: "cash" }, `par-${id}-${i}`),
      ),
    );
    // $300 owed, $70 each: four go through, the other six are told the balance left ($20.00).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(6);
    const rows = await paymentRows(id);
    expect(rows.reduce((s, r) => s + r.amount_minor, 0)).toBe(28_000);
    const job = await detail(id);
    expect(job.total_payment).toBe(280);
    expect(job.balance_due).toBe(20);
  });

  it("uses one approval for one of two parallel collections", async () => {
    const id = await makeJob();
    await t.call(sam, {
      method: "POST",
      url: `/api/staff/orders/${id}/approvals`,
      payload: { action: "collect", email: "mia@loupe.test", password: PASSWORD },
    });
    const [items] = await q<{ id: number }>("select id from order_items where order_id = $1", [id]);
    const collected = await status("item", "collected-by-customer");
    const results = await Promise.all([
      t.call(sam, {
        method: "PUT",
        url: `/api/staff/order-items/${items.id}/dispense-status-id`,
        payload: { id: collected },
      }),
      t.call(sam, {
        method: "PUT",
        url: `/api/staff/orders/${id}/dispense-status`,
        payload: { dispense_status_id: await status("dispense", "collected-by-customer") },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });
});
