import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IncomingSale } from "../../integrations/sales";
import { createTestApp, type TestApp } from "../../test/test-app";
import { delivery, type FakeStore, fakeStore, fakeStores, sale } from "./intake.fixtures";

// Sales from the point of sale and the web shop into jobs (issue 45), through the public webhook and
// the staff endpoints, on PGlite (and on PostgreSQL under TEST_DATABASE_URL).

const SECRET = "s3cret";
let t: TestApp;
let admin: string;
let sam: string; // staff, AU
let jordan: string; // staff, CA
let ls: FakeStore;
let shop: FakeStore;
let outlet: { id: number; abbreviation: string; name: string };
const stores = () => fakeStores([ls, shop]);

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

const post = (storeKey: string, sales: IncomingSale[], deliveryId?: string, secret = SECRET) => {
  const d = delivery(secret, sales, deliveryId);
  return t.app.inject({
    method: "POST",
    url: `/api/intake/webhooks/${storeKey}`,
    payload: d.body,
    headers: d.headers,
  });
};

const saleRow = async (externalId: string) =>
  (
    await q<{
      id: number;
      state: string;
      reason_code: string | null;
      reason: string | null;
      order_id: number | null;
    }>("select id, state, reason_code, reason, order_id from intake_sales where external_id = $1", [
      externalId,
    ])
  )[0];

const jobsOf = (invoice: string) =>
  q<{
    id: number;
    customer_id: number | null;
    channel_id: number;
    is_octopos_order: boolean;
    vend_base_url: string | null;
    origin_outlet_id: number;
    due_date: string | null;
    total_payment_minor: number;
  }>("select * from orders where vend_invoice_number = $1", [invoice]);

async function addSku(sku: string, regionId = 1) {
  await q(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, requires_prescription, price_minor, kind, tax_class, sku)
     values ($1, $2, 'glasses', 'glasses', false, 20000, 'frame', 'standard', $3)`,
    [regionId, `Frame ${sku}`, sku],
  );
}

/** Runs the queue until no intake task is left (the app's own loop may hold one: wait for it). */
async function settle() {
  for (let i = 0; i < 200; i++) {
    await t.app.queue.runDue();
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from queue_tasks where kind = 'intake.sync.store' and dead_at is null",
    );
    if (!n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("intake tasks did not settle");
}

const au = (over: Parameters<typeof sale>[0] = {}) =>
  sale({ externalOutletId: outlet.abbreviation, ...over });

beforeAll(async () => {
  ls = fakeStore({ key: "ls-au", source: "lightspeed", regionId: 1, secret: SECRET });
  shop = fakeStore({ key: "shop-au", source: "shopify", regionId: 1, secret: SECRET });
  t = await createTestApp({ adapters: { sales: stores() }, env: { INTAKE_SYNC_SECONDS: "0" } });
  await addSku("FR-1");
  [outlet] = await q(
    "select id, abbreviation, name from outlets where region_id = 1 and is_active order by id limit 1",
  );
  [admin, sam, jordan] = await Promise.all([
    t.login(),
    t.login("sam@loupe.test"),
    t.login("jordan@loupe.test"),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("a sale arrives by webhook", () => {
  it("becomes one job: invoice, channel, outlet, item, payment, promised date, timeline and a new customer", async () => {
    const s = au({ email: "new.buyer@example.com" });
    const res = await post("ls-au", [s]);
    expect(res.statusCode).toBe(200);
    const [job] = await jobsOf(s.invoiceNumber);
    expect(job).toMatchObject({
      channel_id: 1,
      is_octopos_order: false,
      vend_base_url: "https://loupe.retail.lightspeed.app",
      origin_outlet_id: outlet.id,
      total_payment_minor: 20_000,
    });
    expect(job.due_date).not.toBeNull();
    const [item] = await q<{ quantity: number; total_amount_minor: number }>(
      "select quantity, total_amount_minor from order_items where order_id = $1",
      [job.id],
    );
    expect(item).toEqual({ quantity: 1, total_amount_minor: 20_000 });
    const [pay] = await q<{ tender: string; taken_by: number | null }>(
      "select tender, taken_by from order_payments where order_id = $1",
      [job.id],
    );
    expect(pay).toEqual({ tender: "cash", taken_by: null });
    const events = await q<{ kind: string; to_value: string }>(
      "select kind, to_value from job_events where order_id = $1 order by id",
      [job.id],
    );
    expect(events[0]).toEqual({
      kind: "job_created",
      to_value: `from Lightspeed sale ${s.invoiceNumber} at ${outlet.name}`,
    });
    // No one matched the e-mail: a customer made, consent only as the source said (it said nothing).
    const [c] = await q<{ email: string; new_opt_in: string; channel_email: boolean; channel_sms: boolean }>(
      "select email, new_opt_in, channel_email, channel_sms from customers where id = $1",
      [job.customer_id],
    );
    expect(c).toEqual({
      email: "new.buyer@example.com",
      new_opt_in: "NONE",
      channel_email: false,
      channel_sms: false,
    });
    expect((await saleRow(s.externalId)).state).toBe("done");
  });

  it("a repeat, an older version and the same version again change nothing; a newer one adds its payment once", async () => {
    const s = au({
      version: "5",
      payments: [{ externalId: "PA", tender: "EFTPOS", amountMinor: 5_000, paidAt: "" }],
    });
    expect((await post("ls-au", [s])).statusCode).toBe(200);
    const again = await post("ls-au", [s]);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("Already received.");
    const older = { ...s, version: "4", state: "voided" as const };
    expect((await post("ls-au", [older])).statusCode).toBe(200);
    const [job] = await jobsOf(s.invoiceNumber);
    expect((await jobsOf(s.invoiceNumber)).length).toBe(1);
    const newer = {
      ...s,
      version: "6",
      payments: [...s.payments, { externalId: "PB", tender: "Visa", amountMinor: 15_000, paidAt: "" }],
    };
    await post("ls-au", [newer]);
    await post("ls-au", [newer]);
    const pays = await q<{ amount_minor: number; tender: string }>(
      "select amount_minor, tender from order_payments where order_id = $1 order by id",
      [job.id],
    );
    expect(pays).toEqual([
      { amount_minor: 5_000, tender: "eftpos" },
      { amount_minor: 15_000, tender: "card" },
    ]);
    const [o] = await q<{ dispense: string }>(
      "select s.slug as dispense from orders o join statuses s on s.id = o.dispense_status_id where o.id = $1",
      [job.id],
    );
    expect(o.dispense).not.toBe("cancelled");
    const [kept] = await q<{ version: string }>(
      "select version::text from intake_sales where external_id = $1",
      [s.externalId],
    );
    expect(kept.version).toBe("6");
  });

  it("a web-shop delivery repeated under the same X-Shopify-Webhook-Id is acknowledged and not read again", async () => {
    const s = au({
      source: "shopify",
      storeKey: "shop-au",
      channel: "online",
      baseUrl: null,
      invoiceNumber: "1001",
    });
    expect((await post("shop-au", [s], "wh-1")).statusCode).toBe(200);
    const changed = { ...s, version: "9", state: "voided" as const };
    const repeat = await post("shop-au", [changed], "wh-1");
    expect(repeat.json().message).toBe("Already received.");
    const [job] = await jobsOf("ONL-1001");
    expect(job).toMatchObject({ channel_id: 4, vend_base_url: null });
    const events = await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'job_created'",
      [job.id],
    );
    expect(events[0].to_value).toBe("from the web shop order #1001");
  });

  it("answers 404 for an unknown store, 401 for a forged signature and 400 for a shape, keeping both failures", async () => {
    expect((await post("nope", [au()])).statusCode).toBe(404);
    const forged = await post("ls-au", [au()], undefined, "wrong");
    expect(forged.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/intake/webhooks/ls-au",
      payload: "not json",
      headers: {
        "content-type": "application/json",
        "x-fake-signature": (await import("./intake.fixtures")).sign(SECRET, "not json"),
      },
    });
    expect(bad.statusCode).toBe(400);
    const list = await t.call(sam, { method: "GET", url: "/api/staff/intake/failures" });
    expect(list.statusCode).toBe(200);
    const kinds = list.json().data.map((f: { kind: string }) => f.kind);
    expect(kinds.slice(0, 2).sort()).toEqual(["shape", "signature"]);
    expect(list.json().data[0]).not.toHaveProperty("raw");
  });

  it("shows a failure's raw payload to administrators only, and logs every read", async () => {
    const [failure] = await q<{ id: number }>(
      "select id from intake_failures where kind = 'shape' order by id desc limit 1",
    );
    const refused = await t.call(sam, { method: "GET", url: `/api/staff/intake/failures/${failure.id}` });
    expect(refused.statusCode).toBe(403);
    const read = await t.call(admin, { method: "GET", url: `/api/staff/intake/failures/${failure.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.raw).toBe("not json");
    const logged = await q<{ outcome: string }>(
      "select outcome from access_log where resource = 'intake_payload' and resource_id = $1 order by seq",
      [failure.id],
    );
    expect(logged.map((l) => l.outcome)).toEqual(["refused", "allowed"]);
  });
});

describe("a sale that waits for a person", () => {
  it("waits on an unknown SKU, naming it; retry is refused until the SKU is in the catalogue", async () => {
    const s = au({ sku: "FR-123" });
    await post("ls-au", [s]);
    const row = await saleRow(s.externalId);
    expect(row).toMatchObject({
      state: "waiting",
      reason_code: "unknown_sku",
      reason: "SKU FR-123 is not in the catalogue",
    });
    const still = await t.call(sam, { method: "POST", url: `/api/staff/intake/sales/${row.id}/retry` });
    expect(still.statusCode).toBe(409);
    expect(still.json().message).toContain("SKU FR-123 is not in the catalogue");
    const detail = await t.call(sam, { method: "GET", url: `/api/staff/intake/sales/${row.id}` });
    expect(detail.json().data.lines).toEqual([
      { sku: "FR-123", name: "Frame", quantity: 1, total: 200, known: false },
    ]);
    await addSku("FR-123");
    const ok = await t.call(sam, { method: "POST", url: `/api/staff/intake/sales/${row.id}/retry` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.order_id).toBe((await jobsOf(s.invoiceNumber))[0].id);
  });

  it("a waiting sale voided at the source is done, with no job to make", async () => {
    const s = au({ sku: "NOPE-1" });
    await post("ls-au", [s]);
    expect((await saleRow(s.externalId)).state).toBe("waiting");
    await post("ls-au", [{ ...s, version: "2", state: "voided" }]);
    expect(await saleRow(s.externalId)).toMatchObject({ state: "done", order_id: null });
    expect((await jobsOf(s.invoiceNumber)).length).toBe(0);
  });

  it("waits for a customer when several match; the pick makes the job and is remembered for that source customer", async () => {
    const [a] = await q<{ id: number }>(
      "insert into customers (first_name, last_name, email, mobile, region_id) values ('Ann', 'Twin', 'twins@example.com', '0412 345 678', 1) returning id",
    );
    await q(
      "insert into customers (first_name, last_name, email, region_id) values ('Bea', 'Twin', 'TWINS@example.com', 1)",
    );
    const s = au({ email: "twins@example.com" });
    await post("ls-au", [s]);
    const row = await saleRow(s.externalId);
    expect(row).toMatchObject({ state: "waiting", reason_code: "needs_customer" });
    const detail = (await t.call(sam, { method: "GET", url: `/api/staff/intake/sales/${row.id}` })).json()
      .data;
    expect(detail.candidates).toHaveLength(2);
    expect(detail.candidates[0]).toMatchObject({
      customer_id: a.id,
      email: "tw***@example.com",
      mobile: "••• 678",
      matched_by: "email",
    });
    // Another region's staff may not decide an AU sale.
    expect(
      (
        await t.call(jordan, {
          method: "POST",
          url: `/api/staff/intake/sales/${row.id}/customer`,
          payload: { customer_id: a.id },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await t.call(sam, {
      method: "POST",
      url: `/api/staff/intake/sales/${row.id}/customer`,
      payload: { customer_id: 999_999 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("customer_id");
    const linked = await t.call(sam, {
      method: "POST",
      url: `/api/staff/intake/sales/${row.id}/customer`,
      payload: { customer_id: a.id },
    });
    expect(linked.statusCode).toBe(200);
    const [job] = await jobsOf(s.invoiceNumber);
    expect(job.customer_id).toBe(a.id);
    expect(linked.json().data.order_id).toBe(job.id);
    // The same source customer again, with an e-mail that would match both: the link decides.
    const next = au({ customer: { ...s.customer!, email: "twins@example.com" } });
    await post("ls-au", [next]);
    expect((await jobsOf(next.invoiceNumber))[0].customer_id).toBe(a.id);
  });

  it("matches one customer by mobile in E.164 when no e-mail is given, and links them", async () => {
    const [c] = await q<{ id: number }>(
      "insert into customers (first_name, last_name, mobile, region_id) values ('Mo', 'Bile', '0499 111 222', 1) returning id",
    );
    const s = au({
      email: null,
      customer: {
        externalId: "C-MOB",
        firstName: "Mo",
        lastName: "Bile",
        email: null,
        mobile: "+61 499 111 222",
        dateOfBirth: null,
        acceptsMarketing: true,
      },
    });
    await post("ls-au", [s]);
    expect((await jobsOf(s.invoiceNumber))[0].customer_id).toBe(c.id);
    const [link] = await q<{ customer_id: number; linked_by: string }>(
      "select customer_id, linked_by from intake_customer_links where external_customer_id = 'C-MOB'",
    );
    expect(link).toEqual({ customer_id: c.id, linked_by: "match" });
  });

  it("creates a customer who accepted marketing e-mail with e-mail opted in and nothing else", async () => {
    const s = au({
      customer: {
        externalId: "C-MKT",
        firstName: "Opt",
        lastName: "In",
        email: "optin@example.com",
        mobile: null,
        dateOfBirth: null,
        acceptsMarketing: true,
      },
    });
    await post("ls-au", [s]);
    const [c] = await q<{
      new_opt_in: string;
      channel_email: boolean;
      channel_sms: boolean;
      channel_phone: boolean;
    }>(
      "select new_opt_in, channel_email, channel_sms, channel_phone from customers where email = 'optin@example.com'",
    );
    expect(c).toEqual({ new_opt_in: "ALL", channel_email: true, channel_sms: false, channel_phone: false });
  });

  it("waits for an outlet it cannot tell; the choice is remembered for the store's outlet", async () => {
    const s = au({ externalOutletId: "register-9" });
    // Another sale at the same register, already waiting when staff link the first.
    const before = au({ externalOutletId: "register-9" });
    await post("ls-au", [s, before]);
    const row = await saleRow(s.externalId);
    expect(row).toMatchObject({ state: "waiting", reason_code: "unknown_outlet" });
    const detail = (await t.call(sam, { method: "GET", url: `/api/staff/intake/sales/${row.id}` })).json()
      .data;
    expect(detail.outlet_candidates.length).toBeGreaterThan(1);
    const [other] = await q<{ id: number }>("select id from outlets where region_id = 5 limit 1");
    const wrong = await t.call(sam, {
      method: "POST",
      url: `/api/staff/intake/sales/${row.id}/outlet`,
      payload: { outlet_id: other.id },
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await t.call(sam, {
      method: "POST",
      url: `/api/staff/intake/sales/${row.id}/outlet`,
      payload: { outlet_id: outlet.id },
    });
    expect(ok.statusCode).toBe(200);
    const next = au({ externalOutletId: "register-9" });
    await post("ls-au", [next]);
    expect((await jobsOf(next.invoiceNumber))[0].origin_outlet_id).toBe(outlet.id);
    // The one waiting before the link is tried again on the queue and becomes a job there too.
    expect(await saleRow(before.externalId)).toMatchObject({ state: "waiting" });
    await settle();
    expect(await saleRow(before.externalId)).toMatchObject({ state: "done" });
    expect((await jobsOf(before.invoiceNumber))[0].origin_outlet_id).toBe(outlet.id);
  });

  it("puts a web order that names no location at the region's one online outlet", async () => {
    const [online] = await q<{ id: number }>(
      "select id from outlets where region_id = 1 and is_active and abbreviation like 'ONL%'",
    );
    const s = sale({ source: "shopify", storeKey: "shop-au", channel: "online", externalOutletId: null });
    await post("shop-au", [s]);
    const row = await saleRow(s.externalId);
    expect(row).toMatchObject({ state: "done" });
    const [job] = await q<{ origin_outlet_id: number }>("select origin_outlet_id from orders where id = $1", [
      row.order_id,
    ]);
    expect(job.origin_outlet_id).toBe(online.id);
  });
});

describe("later changes at the source", () => {
  it("a void cancels the job once, with its payment status and a timeline entry", async () => {
    const s = au();
    await post("ls-au", [s]);
    await post("ls-au", [{ ...s, version: "2", state: "voided" }]);
    await post("ls-au", [{ ...s, version: "3", state: "voided" }]);
    const [job] = await jobsOf(s.invoiceNumber);
    const [o] = await q<{ d: string; p: string }>(
      `select ds.slug as d, ps.slug as p from orders o join statuses ds on ds.id = o.dispense_status_id
       join statuses ps on ps.id = o.payment_status_id where o.id = $1`,
      [job.id],
    );
    expect(o).toEqual({ d: "cancelled", p: "voided" });
    const cancels = await q("select 1 from job_events where order_id = $1 and kind = 'dispense_status'", [
      job.id,
    ]);
    expect(cancels).toHaveLength(1);
  });

  it("a Lightspeed return refunds the returned sale's job once, even when it came first", async () => {
    const original = au();
    const ret = au({
      returnFor: original.externalId,
      totalMinor: -20_000,
      lines: [{ ...original.lines[0], externalId: "LR", quantity: -1, totalMinor: -20_000 }],
      payments: [{ externalId: "PR", tender: "Cash", amountMinor: -20_000, paidAt: "" }],
    });
    await post("ls-au", [ret]);
    expect(await saleRow(ret.externalId)).toMatchObject({ state: "waiting", reason_code: "unknown_sale" });
    await post("ls-au", [original]);
    const [job] = await jobsOf(original.invoiceNumber);
    await post("ls-au", [{ ...ret, version: "2" }]);
    const refunds = await q<{ amount_minor: number; staff_user_id: number | null }>(
      "select amount_minor, staff_user_id from order_refunds where order_id = $1",
      [job.id],
    );
    expect(refunds).toEqual([{ amount_minor: 20_000, staff_user_id: null }]);
    expect(await saleRow(ret.externalId)).toMatchObject({ state: "done", order_id: job.id });
    expect((await jobsOf(ret.invoiceNumber)).length).toBe(0);
  });

  it("records each Shopify refund once across versions", async () => {
    const s = au({ source: "shopify", storeKey: "shop-au", channel: "online", invoiceNumber: "2002" });
    await post("shop-au", [s]);
    const r1 = { externalId: "R1", amountMinor: 5_000, at: "", reason: "Too big" };
    const r2 = { externalId: "R2", amountMinor: 2_500, at: "", reason: null };
    await post("shop-au", [{ ...s, version: "2", refunds: [r1] }]);
    await post("shop-au", [{ ...s, version: "3", refunds: [r1, r2] }]);
    await post("shop-au", [{ ...s, version: "3", refunds: [r1, r2] }]);
    const [job] = await jobsOf("ONL-2002");
    const refunds = await q<{ amount_minor: number; reason: string }>(
      "select amount_minor, reason from order_refunds where order_id = $1 order by id",
      [job.id],
    );
    expect(refunds).toEqual([
      { amount_minor: 5_000, reason: "Too big" },
      { amount_minor: 2_500, reason: "refunded in the web shop" },
    ]);
  });
});

describe("a sale Loupe cannot process yet", () => {
  it("is kept and acknowledged, waits as failed, and is queued to be processed again", async () => {
    // A price no integer column holds: the job's insert fails inside the sale's savepoint.
    const base = au();
    const s = { ...base, lines: [{ ...base.lines[0], unitPriceMinor: 5_000_000_000 }] };
    const res = await post("ls-au", [s]);
    expect(res.statusCode).toBe(200);
    const row = await saleRow(s.externalId);
    expect(row).toMatchObject({ state: "waiting", reason_code: "failed", order_id: null });
    expect((await jobsOf(s.invoiceNumber)).length).toBe(0);
    const [task] = await q<{ key: string }>(
      "select key from queue_tasks where kind = 'intake.process' and key = $1",
      [`sale:${row.id}`],
    );
    expect(task).toBeDefined();
  });

  it("reads a form-encoded delivery as the bytes that came (the signature is checked on them)", async () => {
    const body = "payload=%7B%7D";
    const { sign } = await import("./intake.fixtures");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/intake/webhooks/ls-au",
      payload: body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-fake-signature": sign(SECRET, body),
      },
    });
    // Signed, so the bytes reached the store unchanged; the fake store reads only JSON: a shape failure.
    expect(res.statusCode).toBe(400);
    const [kept] = await q<{ raw: string; kind: string }>(
      "select raw, kind from intake_failures order by id desc limit 1",
    );
    expect(kept).toEqual({ raw: body, kind: "shape" });
  });
});

describe("sync, summary and purge", () => {
  it("a sync catches sales no webhook brought, keeps the cursor, and a failed sync shows on the summary", async () => {
    const missed = [au(), au(), au()];
    ls.feed.push(...missed);
    const queued = await t.call(sam, {
      method: "POST",
      url: "/api/staff/intake/sync",
      payload: { store_key: "ls-au" },
    });
    expect(queued.statusCode).toBe(202);
    expect(
      (await t.call(sam, { method: "POST", url: "/api/staff/intake/sync", payload: { store_key: "zz" } }))
        .statusCode,
    ).toBe(422);
    await settle();
    for (const s of missed) expect((await jobsOf(s.invoiceNumber)).length).toBe(1);
    const [cursor] = await q<{ cursor: string }>(
      "select cursor from intake_cursors where store_key = 'ls-au'",
    );
    expect(cursor.cursor).toBe(String(ls.feed.length));
    ls.failNext = "The provider answered 503";
    await t.call(sam, { method: "POST", url: "/api/staff/intake/sync", payload: { store_key: "ls-au" } });
    await settle();
    const summary = (await t.call(sam, { method: "GET", url: "/api/staff/intake/summary" })).json().data;
    const store = summary.stores.find((s: { key: string }) => s.key === "ls-au");
    expect(store.last_sync_error).toBe("The provider answered 503");
    expect(summary.counts.waiting).toBeGreaterThanOrEqual(0);
    const arrivedHere = summary.arrived.find(
      (a: { store_key: string; outlet_id: number }) => a.store_key === "ls-au" && a.outlet_id === outlet.id,
    );
    expect(arrivedHere.count).toBeGreaterThanOrEqual(3);
    expect(arrivedHere.outlet_name).toBe(outlet.name);
  });

  it("lists waiting and done sales, paged", async () => {
    const waiting = await t.call(sam, { method: "GET", url: "/api/staff/intake/sales?state=waiting" });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data.every((s: { state: string }) => s.state === "waiting")).toBe(true);
    const page = await t.call(sam, {
      method: "GET",
      url: "/api/staff/intake/sales?state=all&per_page=2&page=2",
    });
    expect(page.json().data).toHaveLength(2);
    expect(page.json().meta.pagination.current_page).toBe(2);
  });

  it("purges raw payloads and failures older than 30 days", async () => {
    await q(
      "update intake_sales set received_at = now() - interval '31 days' where id = (select min(id) from intake_sales)",
    );
    await q("update intake_failures set received_at = now() - interval '31 days'");
    const { createIntakeService } = await import("./intake.service");
    const service = createIntakeService({ db: t.database.db, queue: t.app.queue, sales: stores() });
    const purged = await service.purge();
    expect(purged.failures).toBeGreaterThan(0);
    const [{ n }] = await q<{ n: number }>("select count(*)::int as n from intake_failures");
    expect(n).toBe(0);
    const [oldest] = await q<{ raw: string | null }>("select raw from intake_sales order by id limit 1");
    expect(oldest.raw).toBeNull();
  });
});
