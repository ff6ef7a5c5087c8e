// A tiny SalesStore for the intake's tests (not a provider's wire): a webhook body is JSON
// `{ delivery_id?, sales: IncomingSale[] }` signed with HMAC-SHA256 of the raw bytes in
// `x-fake-signature`; the change feed is an in-memory list paged by its position.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type IncomingSale,
  SaleDeliveryError,
  type SaleSource,
  type SalesStore,
  type SalesStores,
} from "../../integrations/sales";

export const FAKE_SIGNATURE_HEADER = "x-fake-signature";

export const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

export interface FakeStore extends SalesStore {
  /** What the change feed holds, oldest first. */
  feed: IncomingSale[];
  /** How many sales a page holds. */
  pageSize: number;
  /** Makes the next fetchSince throw (a provider outage). */
  failNext: string | null;
}

export function fakeStore(o: {
  key: string;
  source: SaleSource;
  regionId: number;
  secret: string;
}): FakeStore {
  const store: FakeStore = {
    source: o.source,
    key: o.key,
    regionId: o.regionId,
    label: `${o.key}.test`,
    standIn: true,
    feed: [],
    pageSize: 2,
    failNext: null,
    readWebhook(raw, headers) {
      const sent = headers[FAKE_SIGNATURE_HEADER];
      const expected = Buffer.from(sign(o.secret, raw.toString("utf8")));
      const given = Buffer.from(typeof sent === "string" ? sent : "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new SaleDeliveryError("signature", "The x-fake-signature header does not match the body.");
      let body: { delivery_id?: string; sales?: IncomingSale[] };
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new SaleDeliveryError("shape", "The body is not JSON.");
      }
      if (!Array.isArray(body?.sales)) throw new SaleDeliveryError("shape", "The body has no sales list.");
      return { deliveryId: body.delivery_id ?? null, topic: "sale.update", sales: body.sales };
    },
    async fetchSince(cursor) {
      if (store.failNext) {
        const message = store.failNext;
        store.failNext = null;
        throw new Error(message);
      }
      const from = cursor === null ? 0 : Number(cursor);
      const sales = store.feed.slice(from, from + store.pageSize);
      const next = from + sales.length;
      return { sales, cursor: String(next), more: next < store.feed.length };
    },
  };
  return store;
}

export function fakeStores(stores: SalesStore[]): SalesStores & { closed: boolean } {
  const out = {
    closed: false,
    list: () => stores,
    byKey: (key: string) => stores.find((s) => s.key === key),
    close: async () => {
      out.closed = true;
    },
  };
  return out;
}

let counter = 0;

/** A sale of the AU store by default: one line of `sku`, paid in full in cash. */
export function sale(
  over: Partial<IncomingSale> & { sku?: string; email?: string | null } = {},
): IncomingSale {
  counter++;
  const id = over.externalId ?? `S${Date.now()}${counter}`;
  const { sku = "FR-1", email = `buyer${counter}@example.com`, ...rest } = over;
  return {
    source: "lightspeed",
    storeKey: "ls-au",
    regionId: 1,
    externalId: id,
    version: "1",
    invoiceNumber: `INV-${id}`,
    channel: "pos",
    externalOutletId: null,
    baseUrl: "https://loupe.retail.lightspeed.app",
    createdAt: new Date().toISOString(),
    state: "closed",
    returnFor: null,
    customer: {
      externalId: `C-${id}`,
      firstName: "Jane",
      lastName: `Buyer${counter}`,
      email,
      mobile: null,
      dateOfBirth: null,
      acceptsMarketing: null,
    },
    lines: [
      {
        externalId: `L-${id}`,
        sku,
        name: "Frame",
        quantity: 1,
        unitPriceMinor: 20_000,
        discountMinor: 0,
        totalMinor: 20_000,
        taxMinor: 1_818,
      },
    ],
    payments: [
      { externalId: `P-${id}`, tender: "Cash", amountMinor: 20_000, paidAt: new Date().toISOString() },
    ],
    refunds: [],
    totalMinor: 20_000,
    taxMinor: 1_818,
    currency: "AUD",
    ...rest,
  };
}

/** A signed webhook body for the fake store. */
export function delivery(secret: string, sales: IncomingSale[], deliveryId?: string) {
  const body = JSON.stringify({ delivery_id: deliveryId, sales });
  return {
    body,
    headers: { "content-type": "application/json", [FAKE_SIGNATURE_HEADER]: sign(secret, body) },
  };
}
