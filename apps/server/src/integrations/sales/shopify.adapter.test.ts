// Contract tests of the Shopify adapter against the local stand-in, over real HTTP both ways: the
// stand-in posts signed webhooks to a receiver in Loupe's place, and the adapter calls the
// stand-in's Admin API for the sync.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SaleDeliveryError, type SyncPage } from "./sales.port";
import { createShopifyStore, ShopifyApiError } from "./shopify.adapter";
import { type ShopifyStandIn, startShopifyStandIn } from "./shopify.stand-in";
import { startWebhookReceiver } from "./shopify.test-receiver";

const AU = {
  key: "shopify-au",
  regionId: 1,
  shop: "test-au.myshopify.com",
  accessToken: "shpat_au",
  apiSecret: "secret-au",
};
const CA = {
  key: "shopify-ca",
  regionId: 5,
  shop: "test-ca.myshopify.com",
  accessToken: "shpat_ca",
  apiSecret: "secret-ca",
};
// A shop of its own for the sync, so that other tests' orders do not change its pages.
const NZ = {
  key: "shopify-nz",
  regionId: 2,
  shop: "test-nz.myshopify.com",
  accessToken: "shpat_nz",
  apiSecret: "secret-nz",
};

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let standIn: ShopifyStandIn;
const logged: string[] = [];

const storeFor = (s: typeof AU, extra: Partial<Parameters<typeof createShopifyStore>[0]> = {}) =>
  createShopifyStore({
    ...s,
    baseUrl: standIn.baseUrl(s.shop),
    apiVersion: "2025-10",
    standIn: true,
    timeoutMs: 5000,
    ...extra,
  });

async function control(shop: string, path: string, body: unknown = {}) {
  const res = await fetch(`${standIn.url}/_stand-in/${shop}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** What the adapter reads from the delivery the stand-in made, as it arrived. */
function read(store: ReturnType<typeof storeFor>, webhookId: string) {
  const got = receiver.byId(webhookId);
  return store.readWebhook(got.raw, got.headers as Record<string, string>);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startShopifyStandIn({
    webhookUrl: receiver.webhookUrl,
    skus: async () => ["FR-RB-5154", "CL-ACUVUE-30"],
    sellEverySeconds: 0,
    stores: [AU, { ...CA, locations: ["71234567890"] }, NZ],
    log: (m) => logged.push(m),
  });
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

describe("Shopify webhooks (orders/create, orders/updated, orders/cancelled)", () => {
  it("reads a signed orders/create as one sale: invoice number, version, customer, lines, totals, payment", async () => {
    const au = storeFor(AU);
    const { order, deliveries } = await control(AU.shop, "orders", {
      customer: {
        first_name: " Olivia ",
        last_name: "Nguyen",
        email: "olivia@example.com",
        phone: "0412 345 678",
        accepts_marketing: true,
      },
      lines: [
        { sku: "FR-RB-5154", price: "249.00", name: "Ray-Ban RB5154 Clubmaster" },
        { sku: "CL-ACUVUE-30", price: "120.00", quantity: 2, discount: "20.00" },
      ],
    });
    expect(deliveries).toMatchObject([{ topic: "orders/create", status: "delivered", answer: 200 }]);
    const delivery = read(au, deliveries[0].webhookId);
    expect(delivery.deliveryId).toBe(deliveries[0].webhookId);
    expect(delivery.topic).toBe("orders/create");
    expect(delivery.sales).toHaveLength(1);
    const sale = delivery.sales[0]!;
    expect(sale).toMatchObject({
      source: "shopify",
      storeKey: "shopify-au",
      regionId: 1,
      externalId: String(order.id),
      version: String(Date.parse(order.updated_at)),
      invoiceNumber: order.name.slice(1),
      channel: "online",
      externalOutletId: null,
      baseUrl: null,
      state: "closed",
      returnFor: null,
      currency: "AUD",
      refunds: [],
    });
    expect(sale.invoiceNumber).toMatch(/^\d{4}$/);
    expect(sale.customer).toEqual({
      externalId: String(order.customer.id),
      firstName: "Olivia",
      lastName: "Nguyen",
      email: "olivia@example.com",
      mobile: "0412 345 678",
      dateOfBirth: null,
      acceptsMarketing: true,
    });
    // AU prices include GST: 249.00 carries 249/11 = 22.64 of it; 2 × 120.00 − 20.00 = 220.00 carries 20.00.
    expect(sale.lines).toEqual([
      {
        externalId: String(order.line_items[0].id),
        sku: "FR-RB-5154",
        name: "Ray-Ban RB5154 Clubmaster",
        quantity: 1,
        unitPriceMinor: 24_900,
        discountMinor: 0,
        totalMinor: 24_900,
        taxMinor: 2_264,
      },
      expect.objectContaining({
        quantity: 2,
        unitPriceMinor: 12_000,
        discountMinor: 2_000,
        totalMinor: 22_000,
        taxMinor: 2_000,
      }),
    ]);
    expect(sale.totalMinor).toBe(46_900);
    expect(sale.taxMinor).toBe(4_264);
    expect(sale.payments).toEqual([
      {
        externalId: `${order.id}:paid`,
        tender: "shopify_payments",
        amountMinor: 46_900,
        paidAt: new Date(order.processed_at).toISOString(),
      },
    ]);
  });

  it("refuses a forged signature, a body altered after signing, a missing signature and another shop's delivery", async () => {
    const au = storeFor(AU);
    const { deliveries } = await control(AU.shop, "orders", {
      lines: [{ sku: "FR-RB-5154", price: "249.00" }],
    });
    const got = receiver.byId(deliveries[0].webhookId);
    const headers = got.headers as Record<string, string>;
    expect(() => au.readWebhook(got.raw, headers)).not.toThrow();

    const kind = (raw: Buffer, h: Record<string, string | undefined>) => {
      try {
        au.readWebhook(raw, h);
        return "read";
      } catch (err) {
        return err instanceof SaleDeliveryError ? err.kind : `other: ${(err as Error).message}`;
      }
    };
    const forged = createHmac("sha256", "not-the-secret").update(got.raw).digest("base64");
    expect(kind(got.raw, { ...headers, "x-shopify-hmac-sha256": forged })).toBe("signature");
    const altered = Buffer.from(got.raw.toString("utf8").replace('"249.00"', '"1.00"'));
    expect(altered.equals(got.raw)).toBe(false);
    expect(kind(altered, headers)).toBe("signature");
    expect(kind(got.raw, { ...headers, "x-shopify-hmac-sha256": undefined })).toBe("signature");
    // The hex digest of the right HMAC is not Shopify's base64 header.
    const hex = createHmac("sha256", AU.apiSecret).update(got.raw).digest("hex");
    expect(kind(got.raw, { ...headers, "x-shopify-hmac-sha256": hex })).toBe("signature");
    // Signed with the same app secret, but for another shop.
    expect(kind(got.raw, { ...headers, "x-shopify-shop-domain": "someone-else.myshopify.com" })).toBe(
      "signature",
    );
    // The store of another region (its own secret) does not take this one's delivery.
    expect(() => storeFor(CA).readWebhook(got.raw, headers)).toThrow(SaleDeliveryError);
  });

  it("refuses a signed body that is not a Shopify order as a shape problem, naming the field", () => {
    const au = storeFor(AU);
    const signed = (body: string, topic = "orders/create") => {
      const raw = Buffer.from(body);
      return () =>
        au.readWebhook(raw, {
          "x-shopify-topic": topic,
          "x-shopify-hmac-sha256": createHmac("sha256", AU.apiSecret).update(raw).digest("base64"),
          "x-shopify-shop-domain": AU.shop,
          "x-shopify-webhook-id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
        });
    };
    expect(signed("{not json")).toThrow(expect.objectContaining({ kind: "shape" }));
    expect(signed('{"id": 1}')).toThrow(/name/);
    expect(signed('{"id": 1}')).toThrow(SaleDeliveryError);
    // Another topic is acknowledged with no sale, whatever its body.
    expect(signed('{"id": 1}', "orders/paid")()).toEqual({
      deliveryId: "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
      topic: "orders/paid",
      sales: [],
    });
  });

  it("reads the same X-Shopify-Webhook-Id delivered twice with the same deliveryId and the same sale", async () => {
    const au = storeFor(AU);
    const { deliveries } = await control(AU.shop, "orders", { lines: [{ sku: "FR-RB-5154" }] });
    const webhookId = deliveries[0].webhookId;
    const first = read(au, webhookId);
    const before = receiver.received.length;
    const { delivery } = await control(AU.shop, `deliveries/${webhookId}/redeliver`);
    expect(delivery).toMatchObject({ webhookId, attempts: 2, status: "delivered" });
    expect(receiver.received.length).toBe(before + 1);
    const again = receiver.received.at(-1)!;
    expect(again.headers["x-shopify-webhook-id"]).toBe(webhookId);
    const second = au.readWebhook(again.raw, again.headers as Record<string, string>);
    expect(second.deliveryId).toBe(first.deliveryId);
    expect(second.sales).toEqual(first.sales);
  });

  it("reads an older version delivered late with its lower version", async () => {
    const au = storeFor(AU);
    // Created, its webhook held back; cancelled (delivered); then the old create arrives.
    const created = await control(AU.shop, "orders", { lines: [{ sku: "FR-RB-5154" }], deliver: false });
    expect(created.deliveries[0].status).toBe("held");
    const cancelled = await control(AU.shop, `orders/${created.order.id}/cancel`, { reason: "customer" });
    const newer = read(au, cancelled.deliveries[0].webhookId).sales[0]!;
    await control(AU.shop, `deliveries/${created.deliveries[0].webhookId}/redeliver`);
    const late = read(au, created.deliveries[0].webhookId).sales[0]!;
    expect(late.externalId).toBe(newer.externalId);
    expect(BigInt(late.version)).toBeLessThan(BigInt(newer.version));
    expect(late.state).toBe("closed");
    expect(newer.state).toBe("voided");
  });

  it("a cancellation: orders/cancelled and orders/updated each carry the voided sale; a paid one refunded in full", async () => {
    const au = storeFor(AU);
    const pending = await control(AU.shop, "orders", {
      lines: [{ sku: "FR-RB-5154", price: "300.00" }],
      financial_status: "pending",
    });
    expect(read(au, pending.deliveries[0].webhookId).sales[0]).toMatchObject({ state: "open", payments: [] });
    const { deliveries } = await control(AU.shop, `orders/${pending.order.id}/cancel`, {
      reason: "customer",
    });
    expect(deliveries.map((d: any) => d.topic)).toEqual(["orders/cancelled", "orders/updated"]);
    const [viaCancelled, viaUpdated] = deliveries.map((d: any) => read(au, d.webhookId));
    expect(viaCancelled.deliveryId).not.toBe(viaUpdated.deliveryId);
    expect(viaCancelled.sales[0]).toEqual(viaUpdated.sales[0]);
    expect(viaCancelled.sales[0]).toMatchObject({ state: "voided", payments: [], refunds: [] });

    const paid = await control(AU.shop, "orders", { lines: [{ sku: "FR-RB-5154", price: "300.00" }] });
    const voided = await control(AU.shop, `orders/${paid.order.id}/cancel`, {
      reason: "inventory",
      refund: true,
    });
    const sale = read(au, voided.deliveries[0].webhookId).sales[0]!;
    expect(sale.state).toBe("voided");
    expect(sale.payments.map((p) => p.amountMinor)).toEqual([30_000]);
    expect(sale.refunds).toEqual([
      {
        externalId: String(voided.order.refunds[0].id),
        amountMinor: 30_000,
        at: expect.any(String),
        reason: "Order cancelled",
      },
    ]);
  });

  it("a refund arrives in orders/updated, each refund once with its amount and note, the payment unchanged", async () => {
    const au = storeFor(AU);
    const { order } = await control(AU.shop, "orders", { lines: [{ sku: "FR-RB-5154", price: "249.00" }] });
    const first = await control(AU.shop, `orders/${order.id}/refund`, {
      amount: "50.00",
      note: " Lens scratched ",
    });
    expect(first.deliveries.map((d: any) => d.topic)).toEqual(["orders/updated"]);
    const one = read(au, first.deliveries[0].webhookId).sales[0]!;
    expect(one.refunds).toEqual([
      {
        externalId: String(first.order.refunds[0].id),
        amountMinor: 5_000,
        at: new Date(first.order.refunds[0].processed_at).toISOString(),
        reason: "Lens scratched",
      },
    ]);
    expect(one.state).toBe("closed");
    expect(one.payments.map((p) => p.amountMinor)).toEqual([24_900]);
    expect(BigInt(one.version)).toBeGreaterThan(BigInt(String(Date.parse(order.updated_at))));

    const second = await control(AU.shop, `orders/${order.id}/refund`, {});
    const two = read(au, second.deliveries[0].webhookId).sales[0]!;
    expect(two.refunds.map((r) => [r.externalId, r.amountMinor])).toEqual([
      [one.refunds[0]!.externalId, 5_000],
      [String(second.order.refunds[1].id), 19_900],
    ]);
    expect(second.order.financial_status).toBe("refunded");
    expect(two.state).toBe("closed");
    expect(BigInt(two.version)).toBeGreaterThan(BigInt(one.version));
  });

  it("a guest checkout has no customer id but its contact; a Shopify POS sale is a counter sale at its location", async () => {
    const au = storeFor(AU);
    const guest = await control(AU.shop, "orders", {
      customer: null,
      guest: {
        first_name: "Sam",
        last_name: "Taylor",
        email: "sam.taylor@example.net",
        phone: "+61400000001",
      },
      lines: [{ sku: "CL-ACUVUE-30" }],
    });
    expect(guest.order.customer).toBeNull();
    expect(read(au, guest.deliveries[0].webhookId).sales[0]!.customer).toEqual({
      externalId: null,
      firstName: "Sam",
      lastName: "Taylor",
      email: "sam.taylor@example.net",
      mobile: "+61400000001",
      dateOfBirth: null,
      acceptsMarketing: false,
    });

    const ca = storeFor(CA);
    const pos = await control(CA.shop, "orders", { source_name: "pos", lines: [{ sku: "FR-RB-5154" }] });
    const sale = read(ca, pos.deliveries[0].webhookId).sales[0]!;
    expect(sale).toMatchObject({ channel: "pos", externalOutletId: "71234567890" });
    expect(sale.payments[0]!.tender).toBe("cash");
  });
});

describe("Shopify money in minor units, tax as the region counts it", () => {
  it("CA adds tax on top: lines before tax, the order's total with it", async () => {
    const ca = storeFor(CA);
    const { deliveries } = await control(CA.shop, "orders", {
      lines: [{ sku: "FR-RB-5154", price: "100.00", quantity: 2, discount: "15.50" }],
    });
    const sale = read(ca, deliveries[0].webhookId).sales[0]!;
    // 2 × 100.00 − 15.50 = 184.50 before tax; HST 13% = 23.985 → 23.99 (Shopify rounds half up).
    expect(sale.lines[0]).toMatchObject({
      unitPriceMinor: 10_000,
      discountMinor: 1_550,
      totalMinor: 18_450,
      taxMinor: 2_399,
    });
    expect(sale).toMatchObject({ totalMinor: 20_849, taxMinor: 2_399, currency: "CAD" });
  });

  it("a CA order priced with tax in is read before tax, and an AU order priced before tax is read with it", async () => {
    const ca = storeFor(CA);
    const inCa = await control(CA.shop, "orders", {
      taxes_included: true,
      lines: [{ sku: "FR-RB-5154", price: "113.00" }],
    });
    // 113.00 with 13% in: 13.00 of tax, 100.00 before it.
    expect(read(ca, inCa.deliveries[0].webhookId).sales[0]!.lines[0]).toMatchObject({
      unitPriceMinor: 10_000,
      discountMinor: 0,
      totalMinor: 10_000,
      taxMinor: 1_300,
    });
    const au = storeFor(AU);
    const outAu = await control(AU.shop, "orders", {
      taxes_included: false,
      lines: [{ sku: "FR-RB-5154", price: "33.33", quantity: 3, discount: "10.00" }],
    });
    const line = read(au, outAu.deliveries[0].webhookId).sales[0]!.lines[0]!;
    // 3 × 33.33 − 10.00 = 89.99 before GST; GST 9.00 (8.999); 98.99 with it. 33.33 with GST is 36.66;
    // what rounding moves stays in the discount, so that 3 × 36.66 − 10.99 = 98.99 exactly.
    expect(line).toMatchObject({
      unitPriceMinor: 3_666,
      totalMinor: 9_899,
      taxMinor: 900,
      discountMinor: 1_099,
    });
    expect(line.unitPriceMinor * line.quantity - line.discountMinor).toBe(line.totalMinor);
  });
});

describe("Shopify sync by updated_at (GET orders.json, Link page_info)", () => {
  it("pages with page_info from updated_at_min and catches an order whose webhook was dropped", async () => {
    const nz = storeFor(NZ, { pageSize: 3 });
    const made: any[] = [];
    for (let i = 0; i < 7; i++)
      made.push(
        (await control(NZ.shop, "orders", { lines: [{ sku: "FR-RB-5154" }], deliver: i !== 4 })).order,
      );
    const dropped = made[4];
    const deliveries = (await (await fetch(`${standIn.url}/_stand-in/${NZ.shop}/deliveries`)).json()) as any;
    expect(deliveries.deliveries.find((d: any) => d.orderId === dropped.id).status).toBe("held");
    expect(receiver.received.some((r) => JSON.parse(r.raw.toString()).id === dropped.id)).toBe(false);

    const start = standIn.requests.length;
    const pages = [];
    // From a cursor a minute back: every order since then, oldest change first.
    const since = new Date(Date.now() - 60_000).toISOString();
    let cursor: string | null = since;
    for (let more = true, n = 0; more; n++) {
      if (n > 10) throw new Error("the sync did not end");
      const page = await nz.fetchSince(cursor);
      pages.push(page);
      cursor = page.cursor;
      more = page.more;
    }
    expect(pages.map((p) => p.sales.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
    const seen = pages.flatMap((p) => p.sales.map((s) => s.externalId));
    expect(seen).toEqual(made.map((o) => String(o.id)));
    expect(seen).toContain(String(dropped.id));
    expect(cursor).toBe(made[6].updated_at);
    const calls = standIn.requests.slice(start).map((r) => new URL(r.path, "http://x").searchParams);
    expect(calls[0]!.get("status")).toBe("any");
    expect(calls[0]!.get("updated_at_min")).toBe(since);
    expect(calls[0]!.get("order")).toBe("updated_at asc");
    expect(calls[1]!.get("page_info")).toBeTruthy();
    expect([...calls[1]!.keys()].sort()).toEqual(["limit", "page_info"]);
    expect(calls[2]!.get("page_info")).not.toBe(calls[1]!.get("page_info"));

    // A later change comes from the cursor on (inclusive: the orders updated in the cursor's own
    // second come again first, harmless to the intake, which keeps only higher versions).
    const cancelled = await control(NZ.shop, `orders/${made[2].id}/cancel`, { deliver: false });
    const firstCall = standIn.requests.length;
    const later: SyncPage[] = [];
    for (let more = true; more; ) {
      if (later.length > 5) throw new Error("the sync did not end");
      const page = await nz.fetchSince(cursor);
      later.push(page);
      cursor = page.cursor;
      more = page.more;
    }
    expect(new URL(standIn.requests[firstCall]!.path, "http://x").searchParams.get("updated_at_min")).toBe(
      made[6].updated_at,
    );
    const again = later.flatMap((p) => p.sales).filter((s) => s.externalId === String(made[2].id));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      state: "voided",
      version: String(Date.parse(cancelled.order.updated_at)),
    });
    expect(cursor).toBe(cancelled.order.updated_at);
  });

  it("moves past a full page of orders updated in the cursor's own second instead of asking for it for ever", async () => {
    // updated_at has whole seconds and updated_at_min is inclusive: from a cursor whose second
    // holds more orders than a page, asking again from the cursor would give the same page for
    // ever. A store that has never paged (as after a restart) with one order a page must still end.
    const everything = (await (
      await fetch(`${standIn.baseUrl(NZ.shop)}/admin/api/2025-10/orders.json?status=any&limit=250`, {
        headers: { "x-shopify-access-token": NZ.accessToken },
      })
    ).json()) as { orders: { id: number; updated_at: string }[] };
    const bySecond = new Map<number, { id: number; updated_at: string }[]>();
    for (const o of everything.orders)
      bySecond.set(Date.parse(o.updated_at), [...(bySecond.get(Date.parse(o.updated_at)) ?? []), o]);
    const [busiest, inIt] = [...bySecond].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(inIt.length).toBeGreaterThanOrEqual(2);
    const expected = everything.orders
      .filter((o) => Date.parse(o.updated_at) >= busiest)
      .map((o) => String(o.id));

    const nz = storeFor(NZ, { pageSize: 1 });
    const seen: string[] = [];
    let cursor: string | null = inIt[0]!.updated_at;
    for (let more = true, n = 0; more; n++) {
      if (n > expected.length + 1) throw new Error(`the sync did not end: ${seen.join(", ")}`);
      const page = await nz.fetchSince(cursor);
      seen.push(...page.sales.map((s) => s.externalId));
      cursor = page.cursor;
      more = page.more;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.sort());
  });

  it("starts again from its cursor when Shopify no longer takes the page link it gave", async () => {
    const nz = storeFor(NZ, { pageSize: 2 });
    const first = await nz.fetchSince(new Date(Date.now() - 60_000).toISOString());
    expect(first.more).toBe(true);
    await control(NZ.shop, "expire-pages");
    const before = standIn.requests.length;
    const second = await nz.fetchSince(first.cursor);
    const calls = standIn.requests.slice(before).map((r) => new URL(r.path, "http://x").searchParams);
    expect(calls.map((c) => (c.get("page_info") ? "page_info" : c.get("updated_at_min")))).toEqual([
      "page_info",
      first.cursor,
    ]);
    // From the cursor again, inclusive: it begins with the orders changed in the cursor's second.
    expect(second.sales[0]!.version).toBe(String(Date.parse(first.cursor!)));
    expect(second.sales[0]!.version).toBe(first.sales.at(-1)!.version);
  });

  it("says 401 on a wrong token without repeating the token", async () => {
    const wrong = storeFor(AU, { accessToken: "shpat_wrong_token" });
    const err = await wrong.fetchSince(null).catch((e) => e);
    expect(err).toBeInstanceOf(ShopifyApiError);
    expect(err.kind).toBe("unauthorised");
    expect(err.message).toMatch(/401/);
    expect(err.message).not.toMatch(/shpat_wrong_token/);
  });

  it("gives up after its deadline when Shopify does not answer", async () => {
    await control(AU.shop, "stall", { count: 1 });
    const slow = storeFor(AU, { timeoutMs: 300 });
    const started = Date.now();
    const err = await slow.fetchSince(null).catch((e) => e);
    expect(err).toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(3000);
    // The next call is answered.
    await expect(slow.fetchSince(null)).resolves.toMatchObject({ more: false });
  });

  it("says when Shopify throttles (429) and after how long to try again", async () => {
    await control(AU.shop, "throttle", { count: 1, retry_after: "4.0" });
    const err = await storeFor(AU)
      .fetchSince(null)
      .catch((e) => e);
    expect(err).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 4 });
    expect(err.message).toMatch(/429/);
  });
});

describe("the stand-in's deliveries", () => {
  it("keeps an order whose webhook Loupe refused, for the sync to find", async () => {
    receiver.answerWith(503);
    try {
      const { order, deliveries } = await control(AU.shop, "orders", { lines: [{ sku: "FR-RB-5154" }] });
      expect(deliveries[0]).toMatchObject({ status: "failed", answer: 503 });
      expect(logged.some((m) => m.includes(deliveries[0].webhookId) && m.includes("503"))).toBe(true);
      const page = await storeFor(AU).fetchSince(order.updated_at);
      expect(page.sales.map((s) => s.externalId)).toContain(String(order.id));
    } finally {
      receiver.answerWith(200);
    }
  });
});
