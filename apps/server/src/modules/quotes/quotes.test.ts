import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRegionProducts } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { createTestApp, type TestApp } from "../../test/test-app";

// Quotes and jobs made at the counter (issue 44, ADR 0058): on PGlite by default, on PostgreSQL
// under TEST_DATABASE_URL (the parallel cases then run truly in parallel).

let t: TestApp;
let admin: string;
let sam: string; // staff, AU (Bondi)
let mia: string; // manager, AU
let jordan: string; // staff, CA
let customerId: number;
const product: Record<string, number> = {};

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

async function addProduct(key: string, regionId: number, p: Record<string, unknown>) {
  const [row] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, lenses_type, requires_prescription,
       price_minor, kind, tax_class, sku)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      regionId,
      p.name,
      p.type ?? "glasses",
      p.parent ?? "glasses",
      p.lensesType ?? null,
      p.rx ?? false,
      p.price,
      p.kind,
      p.taxClass,
      `${key}-${regionId}`,
    ],
  );
  product[key] = row.id;
}

const call = (
  token: string,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => t.call(token, { method, url, payload: payload as Record<string, unknown>, headers });

const newQuote = (token: string, body: Record<string, unknown>) =>
  call(token, "POST", "/api/staff/quotes", body);

beforeAll(async () => {
  t = await createTestApp();
  await seedRegionProducts(t.database.db);
  await seedLensCatalogue(t.database.db);
  [admin, sam, mia, jordan] = await Promise.all([
    t.login(),
    t.login("sam@loupe.test"),
    t.login("mia@loupe.test"),
    t.login("jordan@loupe.test"),
  ]);
  await addProduct("frame", 1, { name: "Quote frame", price: 20_000, kind: "frame", taxClass: "standard" });
  await addProduct("test", 1, {
    name: "Eye test",
    price: 9_000,
    kind: "service",
    taxClass: "health",
    type: "service",
    parent: "service",
  });
  await addProduct("case", 1, {
    name: "Case",
    price: 1_999,
    kind: "addon",
    taxClass: "standard",
    type: "addon",
    parent: "addon",
  });
  await addProduct("retired", 1, { name: "Old frame", price: 5_000, kind: "frame", taxClass: "standard" });
  await q("update region_products set retired_at = now() where id = $1", [product.retired]);
  await addProduct("caFrame", 5, { name: "CA frame", price: 20_000, kind: "frame", taxClass: "standard" });
  await addProduct("caLenses", 5, { name: "CA lenses", price: 30_000, kind: "lens", taxClass: "health" });
  customerId = (
    await call(admin, "POST", "/api/user", {
      first_name: "Quinn",
      last_name: "Quote",
      email: "quinn@example.com",
    })
  ).json().data.id;
}, 120_000);
afterAll(() => t.close());

const line = (key: string, extra: Record<string, unknown> = {}) => ({
  region_product_id: product[key],
  quantity: 1,
  ...extra,
});

describe("a quote", () => {
  it("is made at the staff member's outlet with lines priced with its tax, and expires on the outlet's clock", async () => {
    const res = await newQuote(sam, {
      customer_id: customerId,
      lines: [line("frame"), line("test"), line("case")],
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().data;
    const [bon] = await q<{ id: number; time_zone: string }>(
      "select id, time_zone from outlets where abbreviation = 'BON'",
    );
    expect(quote.outlet.id).toBe(bon.id);
    expect(quote.status).toBe("open");
    expect(quote.reference).toMatch(/^Q-\d{6}$/);
    // AU: GST inside frames and the case; the eye test (health, a service) is GST-free.
    expect(quote.total_minor).toBe(30_999);
    expect(quote.taxes).toEqual([{ name: "GST", rate: 0.1, amount_minor: 2_000 }]); // 21,999 / 11 = 1,999.91
    expect(
      quote.lines.map((l: { tax_minor: number }) => l.tax_minor).reduce((a: number, b: number) => a + b),
    ).toBe(2_000);
    expect(quote.lines[1].tax_minor).toBe(0);
    expect(quote.deposit_minimum_minor).toBe(15_500);
    // 30 days on, at the end of that day in Sydney.
    const expires = new Date(quote.expires_at);
    const local = new Intl.DateTimeFormat("en-AU", {
      timeZone: bon.time_zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(expires);
    expect(local).toBe("23:59");
    expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(expires.getTime() - Date.now()).toBeLessThan(31 * 86_400_000);
    const list = await call(sam, "GET", `/api/staff/customers/${customerId}/quotes`);
    expect(list.json().data.map((s: { id: number }) => s.id)).toContain(quote.id);
  });

  it("in Canada adds the province's taxes on top; prescription lenses carry none", async () => {
    const res = await newQuote(jordan, {
      customer_id: customerId,
      lines: [line("caFrame"), line("caLenses")],
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().data;
    const [outlet] = await q<{ state: string }>("select state from outlets where id = $1", [quote.outlet.id]);
    expect(quote.tax_included).toBe(false);
    expect(quote.lines[1].tax_minor).toBe(0);
    expect(quote.total_minor).toBe(50_000 + quote.tax_minor);
    expect(quote.tax_minor).toBeGreaterThan(0);
    expect(outlet.state).toBeTruthy();
  });

  it("names the field of bad input: no customer or guest, a guest without contact, a retired or foreign product", async () => {
    const none = await newQuote(sam, { lines: [] });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(["customer_id"]);
    const guest = await newQuote(sam, { guest: { first_name: "Gail" } });
    expect(Object.keys(guest.json().errors)).toEqual(["guest.mobile"]);
    const retired = await newQuote(sam, { customer_id: customerId, lines: [line("frame"), line("retired")] });
    expect(retired.statusCode).toBe(422);
    expect(retired.json().errors).toEqual({
      "lines.1.region_product_id": ["This product is retired and cannot be sold."],
    });
    const foreign = await newQuote(sam, { customer_id: customerId, lines: [line("caFrame")] });
    expect(Object.keys(foreign.json().errors)).toEqual(["lines.0.region_product_id"]);
    const tooMuch = await newQuote(sam, {
      customer_id: customerId,
      lines: [line("case", { discount: { kind: "amount", amount_minor: 2_000 } })],
    });
    expect(Object.keys(tooMuch.json().errors)).toEqual(["lines.0.discount.amount_minor"]);
  });

  it("is made only at the staff member's own region's outlets", async () => {
    const [qwt] = await q<{ id: number }>("select id from outlets where region_id = 5 order by id limit 1");
    const res = await newQuote(sam, { customer_id: customerId, outlet_id: qwt.id, lines: [] });
    expect(res.statusCode).toBe(403);
  });

  it("edits carry the version: none is 428, a stale one 409 naming who changed it", async () => {
    const quote = (await newQuote(sam, { customer_id: customerId, lines: [line("frame")] })).json().data;
    const noVersion = await call(sam, "POST", `/api/staff/quotes/${quote.id}/lines`, line("case"));
    expect(noVersion.statusCode).toBe(428);
    const added = await call(sam, "POST", `/api/staff/quotes/${quote.id}/lines`, {
      ...line("case"),
      version: quote.version,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.lines).toHaveLength(2);
    expect(added.json().data.version).toBe(quote.version + 1);
    const stale = await call(mia, "PATCH", `/api/staff/quotes/${quote.id}`, {
      version: quote.version,
      note: "late",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Sam/);
    const removed = await call(
      sam,
      "DELETE",
      `/api/staff/quotes/${quote.id}/lines/${added.json().data.lines[1].id}?version=${quote.version + 1}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.total_minor).toBe(20_000);
  });

  it("a discount above staff's limit needs a manager's approval, used once", async () => {
    const quote = (await newQuote(sam, { customer_id: customerId, lines: [] })).json().data;
    const big = { ...line("frame"), discount: { kind: "percent", percent: 25 } };
    const refused = await call(sam, "POST", `/api/staff/quotes/${quote.id}/lines`, {
      ...big,
      version: quote.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("approval_required");
    expect(Object.keys(refused.json().errors)).toEqual(["line.approval_id"]);
    const wrong = await call(sam, "POST", "/api/staff/discount-approvals", {
      quote_id: quote.id,
      amount_minor: 5_000,
      email: "mia@loupe.test",
      password: "wrong",
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(["password"]);
    const ok = await call(sam, "POST", "/api/staff/discount-approvals", {
      quote_id: quote.id,
      amount_minor: 5_000,
      email: "mia@loupe.test",
      password: "LoupeDemo1",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const approval = ok.json().data.approval_id;
    const added = await call(sam, "POST", `/api/staff/quotes/${quote.id}/lines`, {
      ...big,
      approval_id: approval,
      version: quote.version,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.lines[0]).toMatchObject({
      discount_minor: 5_000,
      approved_by: { full_name: "Mia Thompson" },
    });
    const again = await call(sam, "POST", `/api/staff/quotes/${quote.id}/lines`, {
      ...big,
      approval_id: approval,
      version: quote.version + 1,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/used/);
    // A manager's own 25% is within their limit.
    const mine = (await newQuote(mia, { customer_id: customerId, lines: [big] })).json().data;
    expect(mine.lines[0].discount_minor).toBe(5_000);
  });
});

describe("accepting a quote into a job", () => {
  it("makes the job in one go: invoice number, items, promised date, timeline, deposit; a retry answers the same job", async () => {
    const quote = (
      await newQuote(sam, { customer_id: customerId, lines: [line("frame"), line("case")] })
    ).json().data;
    const url = `/api/staff/quotes/${quote.id}/accept`;
    const low = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit: { amount_minor: 100, tender: "cash" } },
      { "idempotency-key": "acc-1" },
    );
    expect(low.statusCode).toBe(422);
    expect(Object.keys(low.json().errors)).toEqual(["deposit.amount_minor"]);
    const deposit = { amount_minor: 11_000, tender: "cash" };
    const res = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit },
      { "idempotency-key": "acc-1" },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.invoice_number).toMatch(/^BON-\d{6,}$/);
    expect(data.total_minor).toBe(21_999);
    expect(data.deposit).toMatchObject({ amount_minor: 11_000, tender: "cash" });
    expect(data.balance_due_minor).toBe(10_999);
    expect(data.promised_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.order.vend_invoice_number ?? data.order.invoice_number ?? data.invoice_number).toBeTruthy();
    const [order] = await q<{
      channel_id: number;
      status: string;
      customer_id: number;
      due_date: string | null;
      total_amount_minor: number;
    }>(
      `select o.channel_id, s.slug as status, o.customer_id, o.due_date::text, o.total_amount_minor
       from orders o join statuses s on s.id = o.dispense_status_id where o.id = $1`,
      [data.order_id],
    );
    expect(order).toMatchObject({
      channel_id: 1,
      status: "new-order",
      customer_id: customerId,
      total_amount_minor: 21_999,
    });
    const items = await q<{ total_amount_minor: number; slug: string }>(
      "select i.total_amount_minor, s.slug from order_items i join statuses s on s.id = i.dispense_status_id where order_id = $1 order by i.id",
      [data.order_id],
    );
    expect(items).toEqual([
      { total_amount_minor: 20_000, slug: "created" },
      { total_amount_minor: 1_999, slug: "created" },
    ]);
    const events = await q<{ kind: string; to_value: string }>(
      "select kind, to_value from job_events where order_id = $1 order by id",
      [data.order_id],
    );
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["job_created", "payment"]));
    expect(events.find((e) => e.kind === "job_created")?.to_value).toBe(`from quote ${quote.reference}`);
    const after = (await call(sam, "GET", `/api/staff/quotes/${quote.id}`)).json().data;
    expect(after).toMatchObject({
      status: "accepted",
      order_id: data.order_id,
      invoice_number: data.invoice_number,
    });

    // The double click: the same key answers the same job; another key finds it accepted (409).
    const retry = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit },
      { "idempotency-key": "acc-1" },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.order_id).toBe(data.order_id);
    expect(retry.json().data.deposit.payment_id).toBe(data.deposit.payment_id);
    const other = await call(
      sam,
      "POST",
      url,
      { version: quote.version + 1, deposit },
      { "idempotency-key": "acc-2" },
    );
    expect(other.statusCode).toBe(409);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from order_payments where order_id = $1",
      [data.order_id],
    );
    expect(n).toBe(1);
  });

  it("refuses a quote past its expiry (it reads as expired) and another region's staff", async () => {
    const quote = (await newQuote(sam, { customer_id: customerId, lines: [line("case")] })).json().data;
    const other = await call(jordan, "POST", `/api/staff/quotes/${quote.id}/accept`, {
      version: quote.version,
      deposit: { amount_minor: 1_999, tender: "cash" },
    });
    expect(other.statusCode).toBe(403);
    await q("update quotes set expires_at = now() - interval '1 minute' where id = $1", [quote.id]);
    expect((await call(sam, "GET", `/api/staff/quotes/${quote.id}`)).json().data.status).toBe("expired");
    const late = await call(sam, "POST", `/api/staff/quotes/${quote.id}/accept`, {
      version: quote.version,
      deposit: { amount_minor: 1_999, tender: "cash" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This quote has expired: make a new quote to price it again.");
    const expired = await call(sam, "GET", `/api/staff/customers/${customerId}/quotes?status=expired`);
    expect(expired.json().data.map((s: { id: number }) => s.id)).toContain(quote.id);
  });

  it("takes a card deposit only once it has gone through, at the card's amount", async () => {
    const quote = (await newQuote(sam, { customer_id: customerId, lines: [line("frame")] })).json().data;
    const intent = (
      await call(
        sam,
        "POST",
        "/api/staff/payment-intent",
        { amount: 100, currency: "AUD", desc: "Deposit" },
        { "idempotency-key": `deposit-${quote.id}` },
      )
    ).json().data;
    const url = `/api/staff/quotes/${quote.id}/accept`;
    const deposit = { amount_minor: 10_000, tender: "card", intent_id: intent.intent_id };
    const early = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit },
      { "idempotency-key": "card-1" },
    );
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(["deposit.intent_id"]);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/sandbox-gateway/confirm",
      payload: { client_secret: intent.client_secret, card_number: "4242424242424242" },
    });
    expect(confirmed.json().status).toBe("succeeded");
    const lie = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit: { ...deposit, amount_minor: 12_000 } },
      { "idempotency-key": "card-2" },
    );
    expect(Object.keys(lie.json().errors)).toEqual(["deposit.amount_minor"]);
    const res = await call(
      sam,
      "POST",
      url,
      { version: quote.version, deposit },
      { "idempotency-key": "card-3" },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deposit).toMatchObject({ amount_minor: 10_000, tender: "card" });
    const [row] = await q<{ gateway: string; intent_id: string; kind: string }>(
      "select gateway, intent_id, kind from order_payments where order_id = $1",
      [res.json().data.order_id],
    );
    expect(row).toEqual({ gateway: "sandbox", intent_id: intent.intent_id, kind: "deposit" });
  });

  it("the new job is on the jobs list and counted in the tabs", async () => {
    const tabsBefore = (await call(sam, "GET", "/api/staff/orders?per_page=1")).json().meta.pagination.total;
    const made = await call(
      sam,
      "POST",
      "/api/staff/jobs",
      {
        guest: { first_name: "Gus", last_name: "Guest", mobile: "0412 345 678" },
        lines: [line("frame")],
        deposit: { amount_minor: 10_000, tender: "eftpos", reference: "T-77" },
      },
      { "idempotency-key": "list-1" },
    );
    expect(made.statusCode, made.body).toBe(200);
    const { order_id, invoice_number } = made.json().data;
    const list = await call(sam, "GET", `/api/staff/orders?q=${encodeURIComponent(invoice_number)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toContain(order_id);
    const tabsAfter = (await call(sam, "GET", "/api/staff/orders?per_page=1")).json().meta.pagination.total;
    expect(tabsAfter).toBe(tabsBefore + 1);
    const [{ n }] = await q<{ n: number }>(
      `select coalesce(sum(n), 0)::int as n from order_status_deltas d join statuses s on s.id = d.dispense_status_id where s.slug = 'new-order' and d.channel_id = 1`,
    );
    const [{ m }] = await q<{ m: number }>(
      `select count(*)::int as m from orders o join statuses s on s.id = o.dispense_status_id where s.slug = 'new-order' and o.channel_id = 1`,
    );
    expect(n).toBe(m);
    const events = await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'job_created'",
      [order_id],
    );
    expect(events).toEqual([{ to_value: "at the counter" }]);
  });

  it("a double-submitted New job (same key, at once) makes one job", async () => {
    const body = {
      customer_id: customerId,
      lines: [line("case")],
      deposit: { amount_minor: 1_999, tender: "cash" },
    };
    const before = await q<{ n: number }>("select count(*)::int as n from orders");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(sam, "POST", "/api/staff/jobs", body, { "idempotency-key": "twice-1" }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.order_id)).size).toBe(1);
    const after = await q<{ n: number }>("select count(*)::int as n from orders");
    expect(after[0].n).toBe(before[0].n + 1);
    const [{ p }] = await q<{ p: number }>(
      "select count(*)::int as p from order_payments where order_id = $1",
      [answers[0].json().data.order_id],
    );
    expect(p).toBe(1);
  });

  it("a failed item insert deep in the transaction leaves no job, no number taken and the quote open", async () => {
    const quote = (
      await newQuote(sam, { customer_id: customerId, lines: [line("frame"), line("case", { quantity: 7 })] })
    ).json().data;
    const [bon] = await q<{ id: number }>("select id from outlets where abbreviation = 'BON'");
    const counter = async () =>
      (
        await q<{ next: number }>("select next from outlet_invoice_counters where outlet_id = $1", [bon.id])
      )[0]?.next;
    const orders = async () => (await q<{ n: number }>("select count(*)::int as n from orders"))[0].n;
    const [nextBefore, ordersBefore] = [await counter(), await orders()];
    // The database refuses the second item (quantity 7), after the order and the first item went in.
    await q(`create function refuse_seventh() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await q(
      "create trigger refuse_seventh before insert on order_items for each row when (new.quantity = 7) execute function refuse_seventh()",
    );
    try {
      const res = await call(sam, "POST", `/api/staff/quotes/${quote.id}/accept`, {
        version: quote.version,
        deposit: { amount_minor: 20_000, tender: "cash" },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await q("drop trigger refuse_seventh on order_items");
      await q("drop function refuse_seventh()");
    }
    expect(await orders()).toBe(ordersBefore);
    expect(await counter()).toBe(nextBefore);
    const still = (await call(sam, "GET", `/api/staff/quotes/${quote.id}`)).json().data;
    expect(still).toMatchObject({ status: "open", version: quote.version, order_id: null });
    // And a line refused by the rules leaves no quote row at all.
    const quotesBefore = (await q<{ n: number }>("select count(*)::int as n from quotes"))[0].n;
    const refused = await call(
      sam,
      "POST",
      "/api/staff/jobs",
      { customer_id: customerId, lines: [line("frame"), line("retired")] },
      { "idempotency-key": "bad-1" },
    );
    expect(refused.statusCode).toBe(422);
    expect((await q<{ n: number }>("select count(*)::int as n from quotes"))[0].n).toBe(quotesBefore);
  });
});

describe("a spectacle line", () => {
  it("checks the selection with the job edit's rules, freezes the Rx and PD as quoted, and the job edit shows them", async () => {
    const [{ id: harper }] = await q<{ id: number }>(
      "select id from region_products where region_id = 1 and name = 'Harper frame + lenses'",
    );
    const rxSource = (await call(admin, "GET", "/api/prescription-source")).json().data[0].id;
    const pdSource = (await call(admin, "GET", "/api/pd-source")).json().data[0].id;
    const frameColour = (await call(admin, "GET", "/api/colors?type=Frame")).json().data[0].id;
    const armColour = (await call(admin, "GET", "/api/colors?type=Temple")).json().data[0].id;
    const rx = (
      await call(admin, "POST", `/api/v4/users/${customerId}/prescriptions`, {
        type_id: 1,
        source_id: rxSource,
        right_sph: -1,
        left_sph: -1.25,
      })
    ).json().data;
    const pd = (
      await call(admin, "POST", "/api/customer-pd", {
        customer_user_id: customerId,
        source_id: pdSource,
        binocular_dist_pd: 62,
        lens_type: 3,
      })
    ).json().data;
    const lens = (
      await call(
        admin,
        "GET",
        `/api/staff/product-lens-addons?region_product_id=${harper}&prescription_id=${rx.id}&prescription_type=distance&pd_id=${pd.id}&frame_size=M`,
      )
    )
      .json()
      .data.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
    const customize = {
      front: { shape: "classic", size: "M", colorId: frameColour, isExistingFrame: false },
      left: { size: "M", colorId: armColour },
      right: { size: "M", colorId: armColour },
    };
    // Without a PD the job edit's own rule names the field, under the line.
    const missing = await newQuote(sam, {
      customer_id: customerId,
      lines: [
        {
          region_product_id: harper,
          quantity: 1,
          selection: {
            customize,
            prescription: { id: rx.id, type: "distance" },
            product_lens_addons_id: lens.id,
          },
        },
      ],
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain("lines.0.selection.pdId");
    const selection = {
      customize,
      prescription: { id: rx.id, type: "distance" },
      pdId: pd.id,
      product_lens_addons_id: lens.id,
    };
    const made = await newQuote(sam, {
      customer_id: customerId,
      lines: [{ region_product_id: harper, quantity: 1, selection }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const quote = made.json().data;
    expect(quote.lines[0].selection).toMatchObject({
      choice: { pdId: pd.id, product_lens_addons_id: lens.id },
      prescription: { id: rx.id, right_sph: -1 },
      lens: { id: lens.id },
    });
    // The prescription changes after the quote: the quote and the job keep the values quoted.
    const edited = await call(admin, "PUT", `/api/v4/prescriptions/${rx.id}`, {
      type_id: 1,
      source_id: rxSource,
      right_sph: -3,
      left_sph: -1.25,
      version: rx.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const accepted = await call(
      sam,
      "POST",
      `/api/staff/quotes/${quote.id}/accept`,
      { version: quote.version, deposit: { amount_minor: quote.deposit_minimum_minor, tender: "cash" } },
      { "idempotency-key": "rx-1" },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = accepted.json().data.order_id;
    const [item] = await q<{ id: number }>("select id from order_items where order_id = $1", [orderId]);
    const revisions = await call(sam, "GET", `/api/staff/order-items/${item.id}/info/revisions`);
    expect(revisions.statusCode, revisions.body).toBe(200);
    const [first] = revisions.json().data;
    expect(first.revision).toBe(1);
    expect(first.additional_info.data.prescription).toMatchObject({
      id: rx.id,
      right_sph: -1,
      type: "distance",
    });
    expect(first.additional_info.data.lens_addon_combination.id).toBe(lens.id);
    expect(first.additional_info.selection).toMatchObject({ pdId: pd.id });
    // The job edit saves the next revision from there.
    const next = await call(sam, "PUT", `/api/staff/order-items/${item.id}/info`, {
      ...selection,
      revision: 1,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.additional_info.revision).toBe(2);
  });
});

describe("the quote's PDF and e-mail", () => {
  it("prints a PDF and e-mails it through the outbox with the quote's id only in its meta", async () => {
    const quote = (
      await newQuote(sam, { customer_id: customerId, lines: [line("frame"), line("test")] })
    ).json().data;
    const pdf = await call(sam, "GET", `/api/staff/quotes/${quote.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const sent = await call(sam, "POST", `/api/staff/quotes/${quote.id}/email`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [msg] = await q<{ recipient: string; meta: Record<string, unknown> }>(
      "select recipient, meta from outbox_messages where meta->>'kind' = 'quote' order by id desc limit 1",
    );
    expect(msg).toMatchObject({
      recipient: "quinn@example.com",
      meta: { kind: "quote", quote_id: quote.id },
    });
    const logged = await q<{ n: number }>(
      "select count(*)::int as n from access_log where resource = 'quote' and resource_id = $1",
      [quote.id],
    );
    expect(logged[0].n).toBeGreaterThanOrEqual(3);
  });
});
