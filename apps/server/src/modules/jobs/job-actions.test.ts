import {
  CUSTOMER_CHANGED,
  CUSTOMER_CHANGED_NOTICE,
  LINK_SELF,
  LINK_TWICE,
  ORDER_LINKED,
  RECEIPT_LINK_INVALID,
  RECEIPT_SENT,
} from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 20, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 20, jobs: 30 });
  token = await t.login();
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.call(token, { method, url, payload: payload as Record<string, unknown> });
const detail = async (id: number) => (await call("GET", `/api/staff/orders/${id}`)).json().data;
const path = (url: string) => new URL(url).pathname;

let n = 0;
/** A job at an outlet (by abbreviation) with items: prescription glasses and sunglasses, paid by card. */
async function jobAt(abbreviation: string, { customerId = null as number | null, online = false } = {}) {
  n++;
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = $1",
    [abbreviation],
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, $4, 'Ada', 'Guest', 'ada@example.com', 25400, 25400, $5, $6, $7, $8, $9, $10, $11, '2026-11-20T03:30:00Z')
     returning id`,
    [
      `TACT${n}`,
      `#A${n}`,
      online ? `ONL-A${n}` : `${abbreviation}-A${n}`,
      customerId,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      online ? 4 : 1,
      online ? "dv4" : "pos",
      !online,
      outlet.id,
      outlet.region_id,
    ],
  );
  const products = await q<{ id: number; name: string; requires_prescription: boolean }>(
    "select id, name, requires_prescription from region_products where region_id = $1 and name in ('Harper frame + lenses', 'Sunglasses (non-prescription)') order by name",
    [outlet.region_id === 6 ? 1 : outlet.region_id],
  );
  for (const p of products) {
    const amount = p.requires_prescription ? 19500 : 5900;
    await q(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor, discount_amount_minor)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [o.id, p.id, await status("item", "in-progress"), outlet.id, amount + 1000, amount, 1000],
    );
  }
  await q(
    "insert into order_payments (order_id, amount_minor, payment_type_name) values ($1, 25400, 'Card')",
    [o.id],
  );
  return o.id;
}
const customer = async (k = 0) =>
  (
    await q<{ id: number; first_name: string; last_name: string }>(
      "select id, first_name, last_name from customers order by id limit 1 offset $1",
      [k],
    )
  )[0];

describe("receipts", () => {
  it("hands a signed receipt link in the order and serves the page privately", async () => {
    const id = await jobAt("NTN");
    const job = await detail(id);
    expect(job.receipt_url).toMatch(new RegExp(`/shop-api/receipt/show/${id}/[A-Za-z0-9_-]{48}$`));
    const res = await t.app.inject({ method: "GET", url: path(job.receipt_url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.body).toContain("@media print");
    const wrong = await t.app.inject({
      method: "GET",
      url: `/shop-api/receipt/show/${id}/${"A".repeat(32)}`,
    });
    expect(wrong.statusCode).toBe(404);
    const otherJob = await t.app.inject({
      method: "GET",
      url: `/shop-api/receipt/show/${id + 1}/${job.receipt_token}`,
    });
    expect(otherJob.statusCode).toBe(404);
  });

  it("serves the receipt at the spec's address {receipt host}/receipt/show/{orderId}/{hash} too", async () => {
    const id = await jobAt("NTN");
    const job = await detail(id);
    const spec = await t.app.inject({ method: "GET", url: `/receipt/show/${id}/${job.receipt_token}` });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers["content-type"]).toContain("text/html");
    expect(spec.headers["cache-control"]).toBe("no-store");
    // The same page on both addresses (each with a nonce of its own).
    const page = (body: string) => body.replace(/nonce="[^"]*"/g, "");
    const shop = await t.app.inject({ method: "GET", url: path(job.receipt_url) });
    expect(page(spec.body)).toBe(page(shop.body));
  });

  it.each([
    ["a wrong token", (id: number) => `/receipt/show/${id}/${"A".repeat(32)}`],
    ["a cut-off token", (id: number) => `/receipt/show/${id}/abc`],
    ["an order id that is not one", () => `/receipt/show/12x/${"A".repeat(32)}`],
    ["a wrong token on the web-shop base", (id: number) => `/shop-api/receipt/show/${id}/abc`],
  ])("answers %s with a plain 404 page, not the staff app", async (_, url) => {
    const id = await jobAt("NTN");
    const res = await t.app.inject({ method: "GET", url: url(id) });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain(RECEIPT_LINK_INVALID);
    expect(res.body).not.toMatch(/<script|sign in|login/i);
  });

  it("prints an AU tax invoice: ABN, GST included at 10%, Sydney time, AUD", async () => {
    const job = await detail(await jobAt("NTN"));
    const html = (await t.app.inject({ method: "GET", url: path(job.receipt_url) })).body;
    expect(html).toContain("Tax invoice");
    expect(html).toContain("ABN 51 824 753 556");
    // $254.00 incl. GST: GST = 254 / 11 = $23.09.
    expect(html).toContain("GST 10% included");
    expect(html).toContain("$23.09");
    expect(html).toContain("$254.00");
    expect(html).toContain("Total price includes GST.");
    // 2026-11-20 03:30 UTC is 2:30 pm in Sydney (AEDT), in the app's one style (ADR 0035).
    expect(html).toContain("20th Nov 2026, 2:30pm AEDT");
  });

  it("prints NZ taxable supply information: GST number, GST at 15%, Auckland time, NZD", async () => {
    const job = await detail(await jobAt("PON"));
    const html = (await t.app.inject({ method: "GET", url: path(job.receipt_url) })).body;
    expect(html).toContain("Receipt: taxable supply information");
    expect(html).toContain("GST number 123-456-789");
    // $254.00 × 15/115 = $33.13.
    expect(html).toContain("GST 15% included");
    expect(html).toContain("$33.13");
    expect(html).toContain("Total (NZD)");
    // 03:30 UTC is 4:30 pm in Auckland (NZDT).
    expect(html).toContain("20th Nov 2026, 4:30pm NZDT");
  });

  it("prints a CA receipt: HST in Ontario on taxable items only, GST+QST in Quebec, Toronto time", async () => {
    const on = (
      await t.app.inject({ method: "GET", url: path((await detail(await jobAt("QWT"))).receipt_url) })
    ).body;
    expect(on).toContain("GST/HST number 123456789 RT0001");
    // Sunglasses $59.00 taxable (13% HST inside: 59 / 1.13 × 0.13 = $6.79); prescription glasses zero-rated.
    expect(on).toContain("HST 13%");
    expect(on).toContain("$6.79");
    expect(on).toContain("zero-rated");
    // 03:30 UTC on the 20th is 10:30 pm on the 19th in Toronto (EST).
    expect(on).toContain("19th Nov 2026, 10:30pm EST");
    const qc = (
      await t.app.inject({ method: "GET", url: path((await detail(await jobAt("MIL"))).receipt_url) })
    ).body;
    expect(qc).toContain("GST 5%");
    expect(qc).toContain("QST 9.975%");
    expect(qc).toContain("QST 1234567890 TQ0001");
  });

  it("e-mails the receipt through the outbox and records it on the job", async () => {
    const id = await jobAt("NTN");
    const job = await detail(id);
    const res = await call("POST", `/shop-api/receipt/email/${id}/${job.receipt_token}`, {
      email: "ada@example.com",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RECEIPT_SENT("ada@example.com"));
    expect(res.json().message).toBe("The receipt sent to ada@example.com successfully.");
    const outbox = (await call("GET", "/api/staff/outbox")).json().data;
    expect(outbox[0]).toMatchObject({ recipient: "ada@example.com" });
    expect(outbox[0].subject).toContain(job.vend_invoice_number);
    const timeline = (await call("GET", `/api/staff/orders/${id}/events`)).json().data;
    expect(timeline.events.at(-1)).toMatchObject({ kind: "receipt_sent", to: "ada@example.com" });
    const bad = await call("POST", `/shop-api/receipt/email/${id}/${"B".repeat(32)}`, {
      email: "x@example.com",
    });
    expect(bad.statusCode).toBe(404);
    const invalid = await call("POST", `/shop-api/receipt/email/${id}/${job.receipt_token}`, {
      email: "nope",
    });
    expect(invalid.statusCode).toBe(422);
  });

  it("shows the receipt note on the receipt; create and edit are both recorded", async () => {
    const id = await jobAt("NTN");
    const created = await call("POST", `/api/staff/orders/${id}/notes`, {
      content: "Receipt Note: Gift, no prices",
    });
    expect(created.statusCode).toBe(201);
    const noteId = created.json().data.id;
    const edited = await call("PUT", `/api/staff/orders/${id}/note-receipt/${noteId}`, {
      content: "Gift wrapped",
      version: 1,
    });
    expect(edited.json().data.content).toBe("Receipt Note: Gift wrapped");
    const html = (await t.app.inject({ method: "GET", url: path((await detail(id)).receipt_url) })).body;
    expect(html).toContain("Gift wrapped");
    // Another staff member may correct the job's receipt note.
    const other = await t.login("sam@loupe.test", "LoupeDemo1").catch(() => null);
    if (other) {
      const res = await t.call(other, {
        method: "PUT",
        url: `/api/staff/orders/${id}/note-receipt/${noteId}`,
        payload: { content: "Gift wrapped, blue paper", version: 2 },
      });
      expect(res.statusCode).toBe(200);
    }
    const kinds = (await call("GET", `/api/staff/orders/${id}/events`))
      .json()
      .data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain("receipt_note_added");
    expect(kinds).toContain("receipt_note_edited");
  });
});

describe("change customer", () => {
  it("moves the job to another customer, retires the old receipt link and records it", async () => {
    const first = await customer(0);
    const second = await customer(1);
    const id = await jobAt("NTN", { customerId: first.id });
    const before = await detail(id);
    const res = await call("PUT", "/api/staff/orders/customer", { order_id: id, customer_id: second.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: CUSTOMER_CHANGED, notice: CUSTOMER_CHANGED_NOTICE });
    expect(res.json().data).toMatchObject({ customer_id: second.id });
    expect(res.json().data.order_billing.customer_first_name).toBe(second.first_name);
    // The receipt token covers the customer: the old link is now a 404, the new one works.
    expect((await t.app.inject({ method: "GET", url: path(before.receipt_url) })).statusCode).toBe(404);
    expect(
      (
        await call("POST", `/shop-api/receipt/email/${id}/${before.receipt_token}`, {
          email: "a@example.com",
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: path(res.json().data.receipt_url) })).statusCode).toBe(
      200,
    );
    const last = (await call("GET", `/api/staff/orders/${id}/events`)).json().data.events.at(-1);
    expect(last).toMatchObject({
      kind: "customer",
      from: `${first.first_name} ${first.last_name}`,
      to: `${second.first_name} ${second.last_name}`,
    });
    const same = await call("PUT", "/api/staff/orders/customer", { order_id: id, customer_id: second.id });
    expect(same.statusCode).toBe(409);
  });

  it("refuses jobs that are neither online nor point-of-sale, and unknown customers", async () => {
    const id = await jobAt("NTN");
    await q("update orders set is_octopos_order = false, channel_id = 2 where id = $1", [id]);
    const res = await call("PUT", "/api/staff/orders/customer", {
      order_id: id,
      customer_id: (await customer()).id,
    });
    expect(res.statusCode).toBe(409);
    const online = await jobAt("NTN", { online: true });
    expect(
      (await call("PUT", "/api/staff/orders/customer", { order_id: online, customer_id: 999_999 }))
        .statusCode,
    ).toBe(422);
  });

  it("searches customers 15 a page with the total and page count", async () => {
    const res = (await call("GET", "/api/v4/users?page=1&per_page=15")).json();
    expect(res.data.length).toBeLessThanOrEqual(15);
    expect(res.meta.pagination).toMatchObject({ per_page: 15 });
    expect(res.meta.pagination).toHaveProperty("total_pages");
  });
});

describe("link order", () => {
  it("links two jobs both ways, refuses itself and a second link", async () => {
    const a = await jobAt("NTN");
    const b = await jobAt("BON", { online: true });
    const res = await call("POST", `/legacy-api/orders/${a}/relate_order`, { related_order_id: b });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORDER_LINKED);
    expect(res.json().data.related_orders.map((o: { id: number }) => o.id)).toEqual([b]);
    expect((await detail(b)).related_orders.map((o: { id: number }) => o.id)).toEqual([a]);
    const twice = await call("POST", `/legacy-api/orders/${b}/relate_order`, { related_order_id: a });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(LINK_TWICE);
    const self = await call("POST", `/legacy-api/orders/${a}/relate_order`, { related_order_id: a });
    expect(self.statusCode).toBe(422);
    expect(self.json().error).toBe(LINK_SELF);
    const missing = await call("POST", `/legacy-api/orders/${a}/relate_order`, { related_order_id: 999_999 });
    expect(missing.statusCode).toBe(422);
    // The link search: by invoice number or uid, 10 a page.
    const found = (await call("GET", `/api/staff/orders?q=TACT${n}&per_page=10`)).json();
    expect(found.data.map((o: { id: number }) => o.id)).toEqual([b]);
    expect(found.meta.pagination.per_page).toBe(10);
  });
});

describe("timeline", () => {
  it("lists every change in time order with who, when and what, in staff words", async () => {
    const id = await jobAt("NTN", { customerId: (await customer(2)).id });
    const status = async (kind: string, slug: string) =>
      (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
    const job = await detail(id);
    await call("PUT", `/api/staff/orders/${id}/dispense-status`, {
      dispense_status_id: await status("dispense", "ready-to-go"),
    });
    await call("PUT", `/api/staff/order-items/${job.items[0].id}/dispense-status-id`, {
      id: await status("item", "ready-to-pick"),
    });
    const [bon] = await q<{ id: number }>("select id from outlets where abbreviation = 'BON'");
    await call("PUT", "/api/staff/order-items/dispense-outlet-id", {
      item_ids: [job.items[1].id],
      outlet_id: bon.id,
    });
    await call("PUT", `/api/staff/orders/${id}/priority`, { priority: 2 });
    await call("POST", `/api/staff/orders/${id}/notes`, { content: "Customer will collect Friday" });
    await call("PUT", "/api/staff/orders/customer", { order_id: id, customer_id: (await customer(3)).id });
    await call("POST", `/api/orders/${id}/refund`, { reason: "product-faulty" });
    const res = (await call("GET", `/api/staff/orders/${id}/events`)).json().data;
    expect(res.time_zone).toBe("Australia/Sydney");
    const lines = res.events.map((e: { description: string }) => e.description);
    expect(lines).toEqual([
      "Job status: In Progress → Ready To Go",
      // The ready job's message to its customer (issue 27): queued, to go after the cancel window.
      expect.stringMatching(/^Customer message, Ready to collect: (queued by|not sent)/),
      "Item 1 status: In Progress → Ready To Pick",
      "Item 2 location: NTN → BON",
      "Priority: Normal → Urgent",
      "Note added: Customer will collect Friday",
      expect.stringMatching(/^Customer: .+ → .+$/),
      // Paid today at the till: a void.
      "Voided $254.00 at the till (Product faulty)",
    ]);
    expect(res.events.every((e: { by: string }) => e.by === "Avery Admin")).toBe(true);
    const times = res.events.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort()).toEqual(times);
    expect((await call("GET", "/api/staff/orders/999999/events")).statusCode).toBe(404);
  });
});
