// Contract tests of the Lightspeed X-Series adapter against its stand-in, over real HTTP: webhooks
// as the stand-in signs and posts them, the sync as its 2.0 sales feed answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LightspeedApiError, LightspeedRateLimitError } from "./lightspeed.adapter";
import { controlFor, STORES, startLightspeedStandIn, startReceiver, storeFor } from "./lightspeed.fixtures";
import { lightspeedSignature } from "./lightspeed.signature";
import type { LightspeedStandIn } from "./lightspeed.stand-in";
import { type IncomingSale, SaleDeliveryError, type SalesStore } from "./sales.port";

const [AU, NZ, CA] = STORES as [(typeof STORES)[0], (typeof STORES)[0], (typeof STORES)[0]];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let standIn: LightspeedStandIn;
let control: ReturnType<typeof controlFor>;
let au: SalesStore;
let ca: SalesStore;
const warnings: { details: Record<string, unknown>; message: string }[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startLightspeedStandIn({
    webhookUrl: receiver.webhookUrl,
    skus: async () => ["FR-RB-001"],
    sellEverySeconds: 0,
    stores: STORES,
    log: { warn: (details, message) => warnings.push({ details, message }) },
  });
  control = controlFor(standIn);
  au = storeFor(standIn, AU);
  ca = storeFor(standIn, CA);
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

/** The one sale a received delivery holds. */
function read(
  store: SalesStore,
  delivery: { raw: Buffer; headers: Record<string, string | string[] | undefined> },
) {
  const read = store.readWebhook(delivery.raw, delivery.headers);
  expect(read.topic).toBe("sale.update");
  expect(read.deliveryId).toBeNull();
  return read.sales;
}

const customer = {
  first_name: "Olivia",
  last_name: "Nguyen",
  email: "Olivia.Nguyen@example.com",
  mobile: "0412 345 678",
  date_of_birth: "1986-04-12",
};

function thrown(run: () => unknown): SaleDeliveryError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SaleDeliveryError);
    return error as SaleDeliveryError;
  }
  throw new Error("expected a SaleDeliveryError");
}

describe("Lightspeed sale.update webhooks", () => {
  it("reads a signed sale as one closed sale: invoice, outlet, customer, lines by SKU, payments, totals", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", {
      customer,
      lines: [
        { sku: "FR-RB-001", name: "Ray-Ban RB5154 49" },
        { sku: "LENS-SV-16", quantity: 2 },
      ],
    });
    const [delivery] = receiver.forSale(sale.id);
    expect(delivery?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const [incoming] = read(au, delivery as never);
    expect(incoming).toMatchObject({
      source: "lightspeed",
      storeKey: "lightspeed-au",
      regionId: 1,
      externalId: sale.id,
      version: String(sale.version),
      invoiceNumber: sale.invoice_number,
      channel: "pos",
      externalOutletId: sale.outlet_id,
      baseUrl: standIn.baseUrl(AU.domainPrefix),
      state: "closed",
      returnFor: null,
      currency: "AUD",
      customer: {
        externalId: sale.customer_id,
        firstName: "Olivia",
        lastName: "Nguyen",
        email: "olivia.nguyen@example.com",
        mobile: "0412 345 678",
        dateOfBirth: "1986-04-12",
        acceptsMarketing: true,
      },
    });
    expect(incoming?.lines.map((l) => [l.sku, l.name, l.quantity])).toEqual([
      ["FR-RB-001", "Ray-Ban RB5154 49", 1],
      ["LENS-SV-16", "Product LENS-SV-16", 2],
    ]);
    // The demo prices are round retail prices with GST: read back exactly, to the cent.
    for (const line of incoming?.lines ?? []) {
      expect(line.unitPriceMinor % 100).toBe(0);
      expect(line.totalMinor).toBe(line.unitPriceMinor * line.quantity);
    }
    const total = (incoming?.lines ?? []).reduce((sum, l) => sum + l.totalMinor, 0);
    expect(incoming?.totalMinor).toBe(total);
    expect(incoming?.payments).toEqual([
      { externalId: sale.payments[0]?.id, tender: "EFTPOS", amountMinor: total, paidAt: expect.any(String) },
    ]);
    expect(new Date(incoming?.createdAt ?? "").toISOString()).toBe(incoming?.createdAt);
  });

  it("refuses a forged signature, another app's secret, a body altered after signing and a missing header", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", { customer, lines: [{ sku: "FR-RB-001" }] });
    const [delivery] = receiver.forSale(sale.id);
    if (!delivery) throw new Error("no delivery");
    const forged = {
      ...delivery.headers,
      "x-signature": `signature=${"ab".repeat(32)},algorithm=HMAC-SHA256`,
    };
    expect(thrown(() => au.readWebhook(delivery.raw, forged)).kind).toBe("signature");
    const otherSecret = {
      ...delivery.headers,
      "x-signature": lightspeedSignature(delivery.raw, "not-au-secret"),
    };
    expect(thrown(() => au.readWebhook(delivery.raw, otherSecret)).kind).toBe("signature");
    // One figure changed in the payload after Lightspeed signed it.
    const altered = Buffer.from(
      delivery.raw
        .toString("utf8")
        .replace(
          /(total_price%22%3A)(\d)/,
          (_, key: string, digit: string) => key + (digit === "9" ? "8" : "9"),
        ),
    );
    expect(altered.equals(delivery.raw)).toBe(false);
    expect(thrown(() => au.readWebhook(altered, delivery.headers)).kind).toBe("signature");
    const { "x-signature": _, ...unsigned } = delivery.headers;
    expect(thrown(() => au.readWebhook(delivery.raw, unsigned)).message).toMatch(/no X-Signature/);
    // The NZ store (its own secret) does not take the AU store's delivery either.
    expect(thrown(() => storeFor(standIn, NZ).readWebhook(delivery.raw, delivery.headers)).kind).toBe(
      "signature",
    );
  });

  it("reads a delivery repeated by Lightspeed as the same sale at the same version", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", {
      lines: [{ sku: "FR-RB-001" }],
      webhook: "twice",
    });
    const deliveries = receiver.forSale(sale.id);
    expect(deliveries).toHaveLength(2);
    const [first, second] = deliveries.map((d) => read(au, d)[0]);
    expect(second).toEqual(first);
    expect(first?.version).toBe(String(sale.version));
  });

  it("reads an older version delivered late with its lower version, and a void as voided", async () => {
    const { sale: made } = await control(AU.domainPrefix, "/sales", {
      customer,
      lines: [{ sku: "FR-RB-001" }],
      webhook: "drop",
    });
    expect(receiver.forSale(made.id)).toHaveLength(0);
    const { sale: voided } = await control(AU.domainPrefix, `/sales/${made.id}/void`);
    await control(AU.domainPrefix, `/sales/${made.id}/deliver`, { version: made.version });
    const [voidDelivery, lateDelivery] = receiver.forSale(made.id);
    const [asVoided] = read(au, voidDelivery as never);
    const [late] = read(au, lateDelivery as never);
    expect(asVoided?.state).toBe("voided");
    expect(late?.state).toBe("closed");
    expect(late?.externalId).toBe(asVoided?.externalId);
    expect(BigInt(late?.version ?? "0")).toBeLessThan(BigInt(asVoided?.version ?? "0"));
    expect(asVoided?.version).toBe(String(voided.version));
  });

  it("reads a return as a sale of its own naming the sale it returns, with negative lines, totals and refund", async () => {
    const { sale: original } = await control(AU.domainPrefix, "/sales", {
      customer,
      lines: [{ sku: "FR-RB-001" }, { sku: "CL-ACUVUE-30", quantity: 2 }],
    });
    const returnedLine = original.line_items[1];
    const { sale: returned } = await control(AU.domainPrefix, `/sales/${original.id}/return`, {
      lines: [{ line_id: returnedLine?.id, quantity: 1 }],
    });
    const [incoming] = read(au, receiver.forSale(returned.id)[0] as never);
    const [asSold] = read(au, receiver.forSale(original.id)[0] as never);
    const soldLine = asSold?.lines.find((l) => l.sku === "CL-ACUVUE-30");
    expect(incoming).toMatchObject({ externalId: returned.id, returnFor: original.id, state: "closed" });
    expect(incoming?.lines).toEqual([
      expect.objectContaining({
        sku: "CL-ACUVUE-30",
        quantity: -1,
        unitPriceMinor: soldLine?.unitPriceMinor,
      }),
    ]);
    expect(incoming?.lines[0]?.totalMinor).toBe(-(soldLine?.unitPriceMinor ?? 0));
    expect(incoming?.totalMinor).toBe(-(soldLine?.unitPriceMinor ?? 0));
    expect(incoming?.taxMinor).toBeLessThan(0);
    expect(incoming?.payments[0]?.amountMinor).toBe(incoming?.totalMinor);
    expect(incoming?.customer?.externalId).toBe(original.customer_id);
  });

  it("reads a walk-in sale (Lightspeed's WALKIN customer) as a sale without a customer", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", { lines: [{ sku: "FR-RB-001" }] });
    expect(sale.customer_id).toBeTruthy(); // Lightspeed names its walk-in customer
    const [incoming] = read(au, receiver.forSale(sale.id)[0] as never);
    expect(incoming?.customer).toBeNull();
    expect(incoming?.lines).toHaveLength(1);
  });

  it("turns 3 × 19.99 before tax into 21.99 a unit with GST in Australia and 19.99 before HST in Canada", async () => {
    const lines = [{ sku: "SV-CLEAN-KIT", quantity: 3, price: 19.99 }];
    const { sale: auSale } = await control(AU.domainPrefix, "/sales", { lines });
    const { sale: caSale } = await control(CA.domainPrefix, "/sales", { lines });
    const [inAu] = read(au, receiver.forSale(auSale.id)[0] as never);
    const [inCa] = read(ca, receiver.forSale(caSale.id)[0] as never);
    // AU: 19.99 + 10% = 21.989 a unit → 21.99; the line 59.97 + 5.997 = 65.967 → 65.97.
    expect(inAu?.lines[0]).toMatchObject({
      quantity: 3,
      unitPriceMinor: 2199,
      totalMinor: 6597,
      taxMinor: 600,
    });
    expect(inAu).toMatchObject({ totalMinor: 6597, taxMinor: 600, currency: "AUD" });
    // CA: prices before tax; 13% HST on 59.97 = 7.7961 → 7.80; charged 67.7661 → 67.77.
    expect(inCa?.lines[0]).toMatchObject({
      quantity: 3,
      unitPriceMinor: 1999,
      totalMinor: 5997,
      taxMinor: 780,
    });
    expect(inCa).toMatchObject({ totalMinor: 6777, taxMinor: 780, currency: "CAD" });
    expect(inCa?.payments[0]?.amountMinor).toBe(6777);
  });

  it("counts a discount as the region shows prices: with GST in Australia, before HST in Canada", async () => {
    const lines = [{ sku: "FR-DISC-1", price: 100, discount: 10 }];
    const { sale: auSale } = await control(AU.domainPrefix, "/sales", { lines });
    const { sale: caSale } = await control(CA.domainPrefix, "/sales", { lines });
    const [inAu] = read(au, receiver.forSale(auSale.id)[0] as never);
    const [inCa] = read(ca, receiver.forSale(caSale.id)[0] as never);
    // Lightspeed keeps the discounted price (90.00) and the unit discount (10.00), both before tax.
    expect(inAu?.lines[0]).toMatchObject({
      unitPriceMinor: 9900,
      discountMinor: 1100,
      totalMinor: 9900,
      taxMinor: 900,
    });
    expect(inCa?.lines[0]).toMatchObject({
      unitPriceMinor: 9000,
      discountMinor: 1000,
      totalMinor: 9000,
      taxMinor: 1170,
    });
  });

  it("acknowledges a parked sale and other topics with no sales", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", {
      lines: [{ sku: "FR-RB-001" }],
      status: "SAVED",
    });
    expect(read(au, receiver.forSale(sale.id)[0] as never)).toEqual([]);
    const body = new URLSearchParams({
      payload: "{}",
      type: "product.update",
      domain_prefix: AU.domainPrefix,
    }).toString();
    // Header names as a client that keeps their case would hand them over.
    const delivery = au.readWebhook(Buffer.from(body), {
      "X-Signature": lightspeedSignature(body, AU.clientSecret),
    });
    expect(delivery).toEqual({ deliveryId: null, topic: "product.update", sales: [] });
  });

  it("refuses as shape a signed delivery it cannot read or that belongs to another store", () => {
    const signed = (fields: Record<string, string>) => {
      const body = new URLSearchParams(fields).toString();
      return () =>
        au.readWebhook(Buffer.from(body), { "x-signature": lightspeedSignature(body, AU.clientSecret) });
    };
    expect(thrown(signed({ type: "sale.update", payload: "{not json" })).kind).toBe("shape");
    expect(thrown(signed({ type: "sale.update" })).message).toMatch(/no payload/);
    const badAmount = signed({
      type: "sale.update",
      payload: JSON.stringify({
        id: "s1",
        status: "CLOSED",
        outlet_id: "o1",
        total_price: "ten",
        total_tax: 0,
        version: 5,
      }),
    });
    expect(thrown(badAmount)).toMatchObject({ kind: "shape", message: expect.stringMatching(/total_price/) });
    const noStatus = signed({ type: "sale.update", payload: JSON.stringify({ id: "s1", version: 5 }) });
    expect(thrown(noStatus)).toMatchObject({ kind: "shape", message: expect.stringMatching(/status/) });
    const elsewhere = signed({ type: "sale.update", payload: "{}", domain_prefix: "someone-else" });
    expect(thrown(elsewhere)).toMatchObject({
      kind: "shape",
      message: expect.stringMatching(/someone-else/),
    });
  });

  it("takes Lightspeed's slim payload (no version, products by id) as a call for the sync, which brings the sale", async () => {
    const fresh = storeFor(standIn, AU); // nothing learnt from a sync yet
    const { sale } = await control(AU.domainPrefix, "/sales", {
      customer,
      lines: [{ sku: "FR-SLIM-1" }],
      payload: "slim",
    });
    await control(AU.domainPrefix, `/sales/${sale.id}/deliver`, { payload: "slim-versioned" });
    const [slim, versioned] = receiver.forSale(sale.id);
    expect(
      JSON.parse(new URLSearchParams(slim?.raw.toString("utf8")).get("payload") ?? "{}"),
    ).not.toHaveProperty("version");
    expect(fresh.readWebhook(slim?.raw as Buffer, slim?.headers ?? {})).toEqual({
      deliveryId: null,
      topic: "sale.update",
      sales: [],
      syncNeeded: true,
    });
    // With a version but a product and register it has not met, it still leaves the sale to the sync.
    expect(fresh.readWebhook(versioned?.raw as Buffer, versioned?.headers ?? {}).syncNeeded).toBe(true);
    let synced: IncomingSale | undefined;
    for (let cursor: string | null = null, more = true; more; ) {
      const page = await fresh.fetchSince(cursor);
      synced ??= page.sales.find((s) => s.externalId === sale.id);
      cursor = page.cursor;
      more = page.more;
    }
    expect(synced).toMatchObject({
      version: String(sale.version),
      customer: { firstName: "Olivia", lastName: "Nguyen" },
    });
    // Once the sync has named the product and the register, the versioned payload reads as the sale.
    const read = fresh.readWebhook(versioned?.raw as Buffer, versioned?.headers ?? {});
    expect(read.syncNeeded).toBeUndefined();
    // The same sale, except that the webhook's customer does not say whether they take marketing e-mail.
    expect(read.sales).toEqual([{ ...synced, customer: { ...synced?.customer, acceptsMarketing: null } }]);
    expect(synced?.customer?.acceptsMarketing).toBe(true);
    expect(fresh.readWebhook(slim?.raw as Buffer, slim?.headers ?? {}).syncNeeded).toBe(true);
  });

  it("refuses every webhook of a store without a client secret", async () => {
    const { sale } = await control(AU.domainPrefix, "/sales", { lines: [{ sku: "FR-RB-001" }] });
    const unsigned = storeFor(standIn, AU, { clientSecret: null });
    const delivery = receiver.forSale(sale.id)[0];
    expect(thrown(() => unsigned.readWebhook(delivery?.raw as Buffer, delivery?.headers ?? {})).kind).toBe(
      "signature",
    );
  });
});

describe("Lightspeed sync by version cursor", () => {
  it("pages through every sale after the cursor, catching a dropped webhook and one the receiver refused", async () => {
    const nz = storeFor(standIn, NZ, { pageSize: 2 });
    receiver.answer(NZ.key, 503);
    const made = [
      (await control(NZ.domainPrefix, "/sales", { customer, lines: [{ sku: "FR-OAK-9" }] })).sale,
      (await control(NZ.domainPrefix, "/sales", { lines: [{ sku: "FR-OAK-9" }], webhook: "drop" })).sale,
      (await control(NZ.domainPrefix, "/sales", { lines: [{ sku: "LENS-PROG" }], status: "SAVED" })).sale,
      (
        await control(NZ.domainPrefix, "/sales", {
          customer,
          lines: [{ sku: "LENS-PROG" }],
          status: "LAYBY",
          payments: [{ name: "Cash", amount: 50 }],
        })
      ).sale,
      (await control(NZ.domainPrefix, "/sales", { lines: [{ sku: "FR-OAK-9" }, { sku: "LENS-PROG" }] })).sale,
    ];
    expect(receiver.forSale(made[1]?.id ?? "")).toHaveLength(0);
    expect(warnings.some((w) => w.details.sale === made[0]?.id && w.details.status === 503)).toBe(true);

    const seen: IncomingSale[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (let more = true; more; pages++) {
      const page = await nz.fetchSince(cursor);
      seen.push(...page.sales);
      cursor = page.cursor;
      more = page.more;
    }
    // 5 sales at 2 a page: 2, 2, 1; the parked one is not a sale yet.
    expect(pages).toBe(3);
    expect(seen.map((s) => s.externalId)).toEqual([made[0], made[1], made[3], made[4]].map((s) => s?.id));
    expect(seen.map((s) => s.version)).toEqual(
      [made[0], made[1], made[3], made[4]].map((s) => String(s?.version)),
    );
    expect(cursor).toBe(String(made[4]?.version));
    // The 2.0 feed names products and customers by id: the adapter looked them up.
    expect(seen[0]?.lines[0]?.sku).toBe("FR-OAK-9");
    expect(seen[0]?.customer).toMatchObject({
      email: "olivia.nguyen@example.com",
      dateOfBirth: "1986-04-12",
    });
    expect(seen[1]?.customer).toBeNull();
    expect(seen[2]).toMatchObject({ state: "open", currency: "NZD" });
    expect(seen[2]?.payments.map((p) => [p.tender, p.amountMinor])).toEqual([["Cash", 5000]]);
    expect(seen[3]?.lines.map((l) => l.sku)).toEqual(["FR-OAK-9", "LENS-PROG"]);
    // The sync reads a sale as its webhook would have.
    const [byWebhook] = read(nz, receiver.forSale(made[0]?.id ?? "")[0] as never);
    expect(seen[0]).toEqual(byWebhook);

    const nothingNew = await nz.fetchSince(cursor);
    expect(nothingNew).toEqual({ sales: [], cursor, more: false });
    await control(NZ.domainPrefix, `/sales/${made[1]?.id}/void`, { webhook: "drop" });
    const afterVoid = await nz.fetchSince(cursor);
    expect(afterVoid.sales.map((s) => [s.externalId, s.state])).toEqual([[made[1]?.id, "voided"]]);
    expect(BigInt(afterVoid.cursor ?? "0")).toBeGreaterThan(BigInt(cursor ?? "0"));
  });

  it("fails clearly on a wrong token, without the token in the message", async () => {
    const wrong = storeFor(standIn, AU, { token: "wrong-token-abcdef" });
    const error = await wrong.fetchSince(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LightspeedApiError);
    expect(error).toMatchObject({
      status: 401,
      message: expect.stringMatching(/refused the API token \(401\)/),
    });
    expect((error as Error).message).not.toMatch(/wrong-token|au-token/);
  });

  it("gives up on a store that does not answer in time", async () => {
    await control(CA.domainPrefix, "/api-faults", { delayMs: 1500, times: 1 });
    const slow = storeFor(standIn, CA, { timeoutMs: 200 });
    const started = Date.now();
    await expect(slow.fetchSince(null)).rejects.toThrow(/no answer to \/api\/2\.0\/sales within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("reports Lightspeed's rate limit with its Retry-After, and the next call goes through", async () => {
    await control(CA.domainPrefix, "/api-faults", { retryAfterSeconds: 30, times: 1 });
    const error = await ca.fetchSince(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LightspeedRateLimitError);
    expect(error).toMatchObject({ retryAfterSeconds: 30, storeKey: "lightspeed-ca" });
    await expect(ca.fetchSince(null)).resolves.toMatchObject({ more: false });
  });

  it("stops a sync the caller aborts", async () => {
    await control(CA.domainPrefix, "/api-faults", { delayMs: 1000, times: 1 });
    const abort = new AbortController();
    const pending = ca.fetchSince(null, abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(pending).rejects.toThrow();
  });
});
