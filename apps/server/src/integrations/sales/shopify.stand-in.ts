// A local stand-in of Shopify for the demo and the tests, built from Shopify's published shapes: one
// node:http server on 127.0.0.1 serving every stand-in shop under /{shop} (so a store's base URL is
// http://127.0.0.1:{port}/{shop}).
//
// As Shopify (REST Admin API): GET /{shop}/admin/api/{v}/orders.json (X-Shopify-Access-Token, else
// 401; status=open by default, so cancelled and closed orders only with status=any;
// updated_at_min inclusive; order=updated_at asc; limit ≤ 250; a Link header rel="next" carrying
// page_info, and a page_info request takes only limit and fields), GET .../orders/{id}.json; and
// the webhooks orders/create, orders/updated, orders/paid, orders/cancelled posted to Loupe with
// X-Shopify-Topic, -Hmac-Sha256 (base64 HMAC-SHA256 of the body with the app's secret),
// -Shop-Domain, -API-Version, -Webhook-Id, -Event-Id and -Triggered-At.
//
// The control API (tests and the demo; no auth, it listens on 127.0.0.1 only). Every mutation
// takes "deliver": false to keep its webhooks back (a dropped delivery, or an older version
// delivered late with redeliver):
//   GET  /_stand-in                                   the shops: key, shop, regionId, baseUrl
//   POST /_stand-in/{shop}/orders                     { customer?: {first_name, last_name, email,
//        phone, accepts_marketing} | null (guest; its contact in "guest"), lines?: [{sku, quantity,
//        price, name, discount}] (else random SKUs of the region), financial_status?: paid|pending|
//        authorized|partially_paid, source_name?: web|pos, location_id?, taxes_included?, deliver? }
//   POST /_stand-in/{shop}/orders/{id}/pay            orders/paid + orders/updated
//   POST /_stand-in/{shop}/orders/{id}/cancel         { reason?, refund? } orders/cancelled + orders/updated
//   POST /_stand-in/{shop}/orders/{id}/refund         { amount?, note? } orders/updated with a refund
//   GET  /_stand-in/{shop}/deliveries                 every webhook made: id, topic, order, status
//   POST /_stand-in/{shop}/deliveries/{id}/redeliver  the same X-Shopify-Webhook-Id and body again
//   POST /_stand-in/{shop}/throttle                   { count, retry_after? } next API calls 429
//   POST /_stand-in/{shop}/stall                      { count } next API calls never answer
//   POST /_stand-in/{shop}/expire-pages               page_info links given so far are refused (400)
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { StandInOptions } from "./sales.port";
import {
  demoCustomer,
  fromMoney,
  moneySet,
  priceForSku,
  recompute,
  type StandInCustomerInput,
  type StandInLineInput,
  type StandInOrder,
  shopTaxes,
  shopTime,
  toMoney,
} from "./shopify.stand-in-orders";

export interface ShopifyStandInStore {
  key: string;
  regionId: number;
  shop: string;
  accessToken: string;
  apiSecret: string;
  /** Shopify location ids (POS sales are made at the first unless told). */
  locations?: string[];
}

export interface ShopifyStandInDelivery {
  webhookId: string;
  eventId: string;
  topic: string;
  orderId: number;
  triggeredAt: string;
  status: "held" | "delivered" | "failed";
  attempts: number;
  /** Loupe's HTTP status on the last attempt. */
  answer: number | null;
  error: string | null;
}

export interface ShopifyStandIn {
  /** http://127.0.0.1:{port} */
  url: string;
  /** A shop's API host: http://127.0.0.1:{port}/{shop}. */
  baseUrl(shop: string): string;
  /** The Admin API calls seen (method and path with query), for assertions. */
  requests: { shop: string; method: string; path: string }[];
  close(): Promise<void>;
}

export type ShopifyStandInOptions = StandInOptions & {
  port?: number;
  stores: ShopifyStandInStore[];
  /** The API version the webhooks say they are serialised in. */
  apiVersion?: string;
  /** Where failed deliveries and demo-sale problems are told (never secrets or personal data). */
  log?: (message: string) => void;
  /** How long Loupe has to answer a webhook (Shopify gives 5 s). */
  deliveryTimeoutMs?: number;
};

interface ShopState {
  store: ShopifyStandInStore;
  orders: Map<number, StandInOrder>;
  updatedMs: Map<number, number>;
  deliveries: Map<string, ShopifyStandInDelivery & { body: string }>;
  customers: Map<string, number>;
  nextNumber: number;
  throttle: { count: number; retryAfter: string };
  stall: number;
  /** Page links issued before the last expire-pages are refused, as Shopify's expire. */
  pageGeneration: number;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly errors: unknown,
  ) {
    super(typeof errors === "string" ? errors : JSON.stringify(errors));
  }
}

const FINANCIAL = ["paid", "pending", "authorized", "partially_paid"];
const GUESTS = [
  ["Sam", "Taylor"],
  ["Alex", "Morgan"],
  ["Jordan", "Lee"],
];

export async function startShopifyStandIn(options: ShopifyStandInOptions): Promise<ShopifyStandIn> {
  const log = options.log ?? ((m: string) => console.warn(`[shopify stand-in] ${m}`));
  const version = options.apiVersion ?? "2025-10";
  const shops = new Map<string, ShopState>(
    options.stores.map((store) => [
      store.shop,
      {
        store,
        orders: new Map(),
        updatedMs: new Map(),
        deliveries: new Map(),
        customers: new Map(),
        nextNumber: 1001,
        throttle: { count: 0, retryAfter: "2.0" },
        stall: 0,
        pageGeneration: 0,
      },
    ]),
  );
  const requests: ShopifyStandIn["requests"] = [];
  const hanging = new Set<http.ServerResponse>();
  const outbound = new AbortController();
  let ids = 0;
  // Ids the size of Shopify's (13 digits), distinct across orders, lines, customers and refunds.
  const nextId = () => 5_690_000_000_000 + ++ids;
  let origin = "";

  /** Shopify's clock on an order: to the second, and each change at least a second after the last. */
  function touch(state: ShopState, order: StandInOrder) {
    const ms = Math.max(Math.floor(Date.now() / 1000) * 1000, (state.updatedMs.get(order.id) ?? 0) + 1000);
    state.updatedMs.set(order.id, ms);
    order.updated_at = shopTime(ms, shopTaxes(state.store.regionId).offset);
    return ms;
  }

  async function deliver(state: ShopState, d: ShopifyStandInDelivery & { body: string }) {
    d.attempts++;
    const url = options.webhookUrl(state.store.key);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": d.topic,
          "x-shopify-hmac-sha256": createHmac("sha256", state.store.apiSecret)
            .update(d.body)
            .digest("base64"),
          "x-shopify-shop-domain": state.store.shop,
          "x-shopify-api-version": version,
          "x-shopify-webhook-id": d.webhookId,
          "x-shopify-event-id": d.eventId,
          "x-shopify-triggered-at": d.triggeredAt,
        },
        body: d.body,
        signal: AbortSignal.any([outbound.signal, AbortSignal.timeout(options.deliveryTimeoutMs ?? 5000)]),
      });
      await res.arrayBuffer();
      d.answer = res.status;
      d.error = null;
      d.status = res.ok ? "delivered" : "failed";
      if (!res.ok) log(`${d.topic} ${d.webhookId} for ${state.store.key}: Loupe answered ${res.status}`);
    } catch (err) {
      d.status = "failed";
      d.answer = null;
      d.error = (err as Error).message;
      log(
        `${d.topic} ${d.webhookId} for ${state.store.key} not delivered: ${d.error} (the sync will find it)`,
      );
    }
  }

  /** The webhooks of one merchant action: one event, one delivery per topic, the order as it is now. */
  async function emit(state: ShopState, order: StandInOrder, topics: string[], send: boolean) {
    const eventId = randomUUID();
    const body = JSON.stringify(order);
    const made: ShopifyStandInDelivery[] = [];
    for (const topic of topics) {
      const d = {
        webhookId: randomUUID(),
        eventId,
        topic,
        orderId: order.id,
        triggeredAt: new Date().toISOString(),
        status: "held" as const,
        attempts: 0,
        answer: null,
        error: null,
        body,
      };
      state.deliveries.set(d.webhookId, d);
      if (send) await deliver(state, d);
      made.push(describe(d));
    }
    return made;
  }

  const describe = ({ body: _body, ...d }: ShopifyStandInDelivery & { body: string }) => ({ ...d });

  function customerObject(state: ShopState, c: StandInCustomerInput, at: string) {
    const key = (c.email ?? `${c.first_name} ${c.last_name}`).toLowerCase();
    let id = state.customers.get(key);
    if (!id) state.customers.set(key, (id = nextId()));
    return {
      id,
      email: c.email ?? null,
      created_at: at,
      updated_at: at,
      first_name: c.first_name,
      last_name: c.last_name,
      state: "enabled",
      note: null,
      verified_email: true,
      multipass_identifier: null,
      tax_exempt: false,
      phone: c.phone ?? null,
      email_marketing_consent: c.email
        ? {
            state: c.accepts_marketing ? "subscribed" : "not_subscribed",
            opt_in_level: "single_opt_in",
            consent_updated_at: c.accepts_marketing ? at : null,
          }
        : null,
      sms_marketing_consent: null,
      tags: "",
      currency: shopTaxes(state.store.regionId).currency,
      tax_exemptions: [],
      admin_graphql_api_id: `gid://shopify/Customer/${id}`,
    };
  }

  async function createOrder(state: ShopState, input: Record<string, any>) {
    const { store } = state;
    const shopSettings = shopTaxes(store.regionId);
    let lines: StandInLineInput[] | undefined = input.lines;
    if (lines !== undefined && (!Array.isArray(lines) || lines.length === 0))
      throw new Refused(422, { line_items: ["must have at least one line"] });
    if (!lines) {
      const skus = await options.skus(store.regionId);
      if (!skus.length) throw new Refused(422, { line_items: ["the region has no SKUs to sell"] });
      const count = 1 + Math.floor(Math.random() * 2);
      lines = Array.from({ length: count }, () => ({ sku: skus[Math.floor(Math.random() * skus.length)]! }));
    }
    const financial = input.financial_status ?? "paid";
    if (!FINANCIAL.includes(financial))
      throw new Refused(422, { financial_status: [`must be one of ${FINANCIAL.join(", ")}`] });
    const source = input.source_name ?? "web";
    if (source !== "web" && source !== "pos") throw new Refused(422, { source_name: ["must be web or pos"] });
    const taxesIncluded = input.taxes_included ?? shopSettings.taxesIncluded;
    if (typeof taxesIncluded !== "boolean")
      throw new Refused(422, { taxes_included: ["must be true or false"] });

    const id = nextId();
    const number = state.nextNumber++;
    const now = Date.now();
    const at = shopTime(now, shopSettings.offset);
    const guest = input.customer === null;
    const person: StandInCustomerInput = guest
      ? (input.guest ?? {
          first_name: GUESTS[number % GUESTS.length]![0]!,
          last_name: GUESTS[number % GUESTS.length]![1]!,
          email: `guest.${number}@example.net`,
          phone: null,
        })
      : (input.customer ?? demoCustomer(store.regionId, Math.floor(Math.random() * 100)));
    if (typeof person?.first_name !== "string" || typeof person?.last_name !== "string")
      throw new Refused(422, { customer: ["needs first_name and last_name"] });
    const address = {
      first_name: person.first_name,
      last_name: person.last_name,
      name: `${person.first_name} ${person.last_name}`,
      phone: person.phone ?? null,
      country_code: { AUD: "AU", NZD: "NZ", CAD: "CA" }[shopSettings.currency],
    };
    const lineItems = lines.map((l, i) => {
      const quantity = l.quantity ?? 1;
      const price = l.price === undefined ? priceForSku(l.sku) : fromMoney(String(l.price));
      const discount = l.discount === undefined ? 0 : fromMoney(String(l.discount));
      if (l.sku !== null && typeof l.sku !== "string")
        throw new Refused(422, { [`lines.${i}.sku`]: ["must be text"] });
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new Refused(422, { [`lines.${i}.quantity`]: ["must be a whole number of at least 1"] });
      if (price === null) throw new Refused(422, { [`lines.${i}.price`]: ["must be an amount like 149.00"] });
      if (discount === null || discount > price * quantity)
        throw new Refused(422, { [`lines.${i}.discount`]: ["must be an amount no more than the line"] });
      const lineId = nextId();
      const name = l.name ?? `Eyewear ${l.sku ?? "item"}`;
      return {
        id: lineId,
        admin_graphql_api_id: `gid://shopify/LineItem/${lineId}`,
        fulfillable_quantity: quantity,
        fulfillment_service: "manual",
        fulfillment_status: null,
        gift_card: false,
        grams: 120,
        name,
        title: name,
        variant_title: null,
        price: toMoney(price),
        price_set: moneySet(price, shopSettings.currency),
        product_exists: true,
        properties: [],
        quantity,
        requires_shipping: source === "web",
        sku: l.sku ?? "",
        taxable: true,
        total_discount: "0.00",
        discount_allocations: discount ? [{ amount: toMoney(discount), discount_application_index: 0 }] : [],
        tax_lines: [] as unknown[],
        vendor: "Loupe",
      };
    });
    const location = input.location_id ?? (source === "pos" ? (store.locations?.[0] ?? null) : null);
    const order: StandInOrder = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      app_id: source === "pos" ? 129785 : 580111,
      buyer_accepts_marketing: Boolean(person.accepts_marketing),
      cancel_reason: null,
      cancelled_at: null,
      closed_at: null,
      confirmation_number: `C${id.toString(36).toUpperCase().slice(-8)}`,
      confirmed: true,
      contact_email: person.email ?? null,
      created_at: at,
      currency: shopSettings.currency,
      presentment_currency: shopSettings.currency,
      email: person.email ?? "",
      financial_status: financial,
      fulfillment_status: null,
      location_id: location === null ? null : Number(location),
      name: `#${number}`,
      number: number - 1000,
      order_number: number,
      payment_gateway_names: [source === "pos" ? "cash" : "shopify_payments"],
      phone: person.phone ?? null,
      processed_at: at,
      source_name: source,
      taxes_included: taxesIncluded,
      test: false,
      updated_at: at,
      billing_address: address,
      shipping_address: source === "web" ? address : null,
      customer: guest ? null : customerObject(state, person, at),
      discount_codes: [],
      line_items: lineItems,
      refunds: [],
      shipping_lines: [],
    };
    state.updatedMs.set(id, Math.floor(now / 1000) * 1000);
    recompute(order, shopSettings.rates);
    state.orders.set(id, order);
    const deliveries = await emit(state, order, ["orders/create"], input.deliver !== false);
    return { order, deliveries };
  }

  function addRefund(state: ShopState, order: StandInOrder, amount: number, note: string | null) {
    const at = order.updated_at;
    const refundId = nextId();
    order.refunds.push({
      id: refundId,
      admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
      order_id: order.id,
      created_at: at,
      processed_at: at,
      note,
      restock: false,
      user_id: null,
      order_adjustments: [],
      refund_line_items: [],
      transactions: [
        {
          id: nextId(),
          order_id: order.id,
          kind: "refund",
          gateway: order.payment_gateway_names[0],
          status: "success",
          message: null,
          created_at: at,
          processed_at: at,
          test: false,
          amount: toMoney(amount),
          currency: order.currency,
          parent_id: null,
        },
      ],
    });
    const { totalMinor, refundedMinor } = recompute(order, shopTaxes(state.store.regionId).rates);
    order.financial_status = refundedMinor >= totalMinor ? "refunded" : "partially_refunded";
  }

  async function act(state: ShopState, order: StandInOrder, action: string, input: Record<string, any>) {
    const send = input.deliver !== false;
    const rates = shopTaxes(state.store.regionId).rates;
    const paid = ["paid", "partially_refunded"].includes(order.financial_status);
    if (action === "pay") {
      if (order.financial_status === "paid") throw new Refused(422, { base: ["The order is already paid."] });
      if (!["pending", "authorized", "partially_paid"].includes(order.financial_status))
        throw new Refused(422, { base: ["The order cannot be marked as paid."] });
      touch(state, order);
      order.financial_status = "paid";
      recompute(order, rates);
      return emit(state, order, ["orders/paid", "orders/updated"], send);
    }
    if (action === "refund") {
      if (!paid) throw new Refused(422, { base: ["Only a paid order can be refunded."] });
      const { totalMinor, refundedMinor } = recompute(order, rates);
      const remaining = totalMinor - refundedMinor;
      const amount = input.amount === undefined ? remaining : fromMoney(String(input.amount));
      if (amount === null || amount <= 0 || amount > remaining)
        throw new Refused(422, { amount: [`must be more than 0.00 and at most ${toMoney(remaining)}`] });
      touch(state, order);
      addRefund(state, order, amount, typeof input.note === "string" ? input.note : null);
      return emit(state, order, ["orders/updated"], send);
    }
    if (action === "cancel") {
      if (order.cancelled_at) throw new Refused(422, { base: ["The order has already been cancelled."] });
      const reason = input.reason ?? "customer";
      if (!["customer", "fraud", "inventory", "declined", "other"].includes(reason))
        throw new Refused(422, { reason: ["must be customer, fraud, inventory, declined or other"] });
      touch(state, order);
      order.cancelled_at = order.updated_at;
      order.closed_at = order.updated_at;
      order.cancel_reason = reason;
      if (input.refund && paid) {
        const { totalMinor, refundedMinor } = recompute(order, rates);
        if (totalMinor > refundedMinor)
          addRefund(state, order, totalMinor - refundedMinor, "Order cancelled");
      } else if (!paid) order.financial_status = "voided";
      return emit(state, order, ["orders/cancelled", "orders/updated"], send);
    }
    throw new Refused(404, "Not Found");
  }

  function list(state: ShopState, q: URLSearchParams, shopPath: string) {
    const pageInfo = q.get("page_info");
    const limit = Number(q.get("limit") ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250)
      throw new Refused(400, { limit: ["must be between 1 and 250"] });
    let filter: {
      status: string;
      min: number | null;
      order: string;
      after: [number, number] | null;
      generation: number;
    };
    if (pageInfo) {
      const extra = [...q.keys()].filter((k) => !["page_info", "limit", "fields"].includes(k));
      if (extra.length)
        throw new Refused(400, {
          page_info: [`cannot be passed with ${extra.join(", ")}: use only limit and fields`],
        });
      try {
        filter = JSON.parse(Buffer.from(pageInfo, "base64url").toString("utf8"));
        if (typeof filter.status !== "string" || filter.generation !== state.pageGeneration)
          throw new Error();
      } catch {
        throw new Refused(400, { page_info: ["Invalid value."] });
      }
    } else {
      const min = q.get("updated_at_min");
      const minMs = min === null ? null : Date.parse(min);
      if (minMs !== null && Number.isNaN(minMs))
        throw new Refused(400, { updated_at_min: ["is not a date"] });
      filter = {
        status: q.get("status") ?? "open",
        min: minMs,
        order: q.get("order") ?? "id desc",
        after: null,
        generation: state.pageGeneration,
      };
    }
    const asc = filter.order.replace(/\+/g, " ").trim() === "updated_at asc";
    const key = (o: StandInOrder): [number, number] =>
      asc ? [state.updatedMs.get(o.id)!, o.id] : [-o.id, 0];
    const after = (k: [number, number], a: [number, number]) => k[0] > a[0] || (k[0] === a[0] && k[1] > a[1]);
    const matching = [...state.orders.values()]
      .filter((o) =>
        filter.status === "any"
          ? true
          : filter.status === "cancelled"
            ? o.cancelled_at
            : filter.status === "closed"
              ? o.closed_at
              : !o.cancelled_at && !o.closed_at,
      )
      .filter((o) => filter.min === null || state.updatedMs.get(o.id)! >= filter.min)
      .filter((o) => !filter.after || after(key(o), filter.after))
      .sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        return ka[0] - kb[0] || ka[1] - kb[1];
      });
    const page = matching.slice(0, limit);
    let link: string | null = null;
    if (matching.length > limit) {
      const next = Buffer.from(JSON.stringify({ ...filter, after: key(page.at(-1)!) })).toString("base64url");
      link = `<${origin}/${shopPath}/admin/api/${version}/orders.json?limit=${limit}&page_info=${next}>; rel="next"`;
    }
    return { orders: page, link };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (parts[0] === "_stand-in") {
        if (parts.length === 1 && req.method === "GET")
          return json(200, {
            shops: [...shops.values()].map(({ store }) => ({
              key: store.key,
              shop: store.shop,
              region_id: store.regionId,
              base_url: `${origin}/${store.shop}`,
            })),
          });
        const state = shops.get(parts[1] ?? "");
        if (!state) throw new Refused(404, "Not Found");
        let input: Record<string, any> = {};
        if (raw.trim()) {
          try {
            input = JSON.parse(raw);
          } catch {
            throw new Refused(400, "The body is not JSON.");
          }
          if (typeof input !== "object" || input === null || Array.isArray(input))
            throw new Refused(400, "The body must be a JSON object.");
        }
        const [, , what, id, action] = parts;
        if (req.method === "POST" && what === "orders" && !id)
          return json(201, await createOrder(state, input));
        if (req.method === "POST" && what === "orders" && id && action) {
          const order = state.orders.get(Number(id));
          if (!order) throw new Refused(404, "Not Found");
          const deliveries = await act(state, order, action, input);
          return json(200, { order, deliveries });
        }
        if (req.method === "GET" && what === "deliveries" && !id)
          return json(200, { deliveries: [...state.deliveries.values()].map(describe) });
        if (req.method === "POST" && what === "deliveries" && id && action === "redeliver") {
          const d = state.deliveries.get(id);
          if (!d) throw new Refused(404, "Not Found");
          await deliver(state, d);
          return json(200, { delivery: describe(d) });
        }
        if (req.method === "POST" && what === "throttle") {
          state.throttle = {
            count: Number(input.count ?? 1),
            retryAfter: String(input.retry_after ?? "2.0"),
          };
          return json(200, {});
        }
        if (req.method === "POST" && what === "expire-pages") {
          state.pageGeneration++;
          return json(200, {});
        }
        if (req.method === "POST" && what === "stall") {
          state.stall = Number(input.count ?? 1);
          return json(200, {});
        }
        throw new Refused(404, "Not Found");
      }

      // The Admin API: /{shop}/admin/api/{version}/orders.json and /orders/{id}.json
      const state = shops.get(parts[0] ?? "");
      if (!state || parts[1] !== "admin" || parts[2] !== "api" || req.method !== "GET")
        throw new Refused(404, "Not Found");
      requests.push({ shop: state.store.shop, method: req.method, path: url.pathname + url.search });
      if (req.headers["x-shopify-access-token"] !== state.store.accessToken)
        throw new Refused(
          401,
          "[API] Invalid API key or access token (unrecognized login or wrong password)",
        );
      if (state.throttle.count > 0) {
        state.throttle.count--;
        return json(
          429,
          {
            errors:
              "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.",
          },
          { "retry-after": state.throttle.retryAfter },
        );
      }
      if (state.stall > 0) {
        state.stall--;
        hanging.add(res);
        return;
      }
      const headers = {
        "x-shopify-api-version": parts[3] ?? version,
        "x-shopify-shop-api-call-limit": "1/40",
      };
      if (parts[4] === "orders.json" && parts.length === 5) {
        const page = list(state, url.searchParams, state.store.shop);
        return json(200, { orders: page.orders }, page.link ? { ...headers, link: page.link } : headers);
      }
      const one = parts[4] === "orders" && parts.length === 6 ? /^(\d+)\.json$/.exec(parts[5]!) : null;
      const order = one ? state.orders.get(Number(one[1])) : undefined;
      if (order) return json(200, { order }, headers);
      throw new Refused(404, "Not Found");
    } catch (err) {
      if (err instanceof Refused) return json(err.status, { errors: err.errors });
      log(`request failed: ${(err as Error).message}`);
      return json(500, { errors: "Internal Server Error" });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(`request failed: ${(err as Error).message}`);
      res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The demo's own sales now and then, in a random shop, from the region's catalogue SKUs.
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const sellSoon = () => {
    if (closed || !(options.sellEverySeconds > 0) || shops.size === 0) return;
    timer = setTimeout(
      () => {
        const all = [...shops.values()];
        const state = all[Math.floor(Math.random() * all.length)]!;
        const r = Math.random();
        // Now and then a waiting order is paid instead (the demo's open jobs close).
        const waiting = [...state.orders.values()].find(
          (o) => o.financial_status === "pending" && !o.cancelled_at,
        );
        if (waiting && r < 0.3) {
          act(state, waiting, "pay", {})
            .catch((err) => log(`demo payment in ${state.store.key} not made: ${(err as Error).message}`))
            .finally(sellSoon);
          return;
        }
        const pos = Boolean(state.store.locations?.length) && r < 0.2;
        createOrder(state, {
          customer: r > 0.75 ? null : undefined,
          source_name: pos ? "pos" : "web",
          financial_status: r > 0.65 && r <= 0.75 ? "pending" : "paid",
        })
          .catch((err) => log(`demo sale in ${state.store.key} not made: ${(err as Error).message}`))
          .finally(sellSoon);
      },
      options.sellEverySeconds * 1000 * (0.5 + Math.random()),
    );
    timer.unref();
  };
  sellSoon();

  return {
    url: origin,
    baseUrl: (shop) => `${origin}/${shop}`,
    requests,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      outbound.abort();
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
