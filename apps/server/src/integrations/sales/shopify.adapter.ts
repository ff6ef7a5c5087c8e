// The Shopify store of one region behind the intake port: its orders/* webhooks checked and read,
// and a sync of its orders by updated_at through the REST Admin API.
//
// Why REST and not GraphQL: Shopify calls the REST Admin API legacy (Oct 2024) and wants new public
// apps on GraphQL, but the REST orders endpoint is still served on every stable version, the
// webhooks' bodies are the REST Order resource anyway, and one shape for both webhook and sync
// keeps a sale read the same way whichever brought it. Moving the sync to GraphQL's `orders(query:
// "updated_at:>=…")` is a change of this file only.
//
// Shapes followed (shopify.dev): "Webhooks delivery structure" (X-Shopify-Topic, -Hmac-Sha256,
// -Shop-Domain, -API-Version, -Webhook-Id, -Triggered-At, -Event-Id), "Verify webhook deliveries"
// (base64 HMAC-SHA256 of the raw body keyed with the app's client secret; de-duplicate by
// X-Shopify-Webhook-Id), "Make paginated requests to the REST Admin API" (Link header with
// page_info; a page_info request takes only limit and fields), REST "Order" (GET orders.json with
// status, updated_at_min, limit ≤ 250), "REST Admin API rate limits" (429 with Retry-After).
import { createHmac, timingSafeEqual } from "node:crypto";
import { type SaleDelivery, SaleDeliveryError, type SalesStore, type SyncPage } from "./sales.port";
import { parseShopifyOrder, saleOfOrder } from "./shopify.order";

/** The topics that carry an order; any other topic is acknowledged and holds no sale. */
export const SHOPIFY_ORDER_TOPICS = ["orders/create", "orders/updated", "orders/cancelled"] as const;

/** Shopify's REST API did not give a page: `kind` says whether waiting, or a person, can help. */
export class ShopifyApiError extends Error {
  constructor(
    readonly kind: "unauthorised" | "rate_limited" | "unavailable" | "timeout" | "rejected" | "shape",
    message: string,
    /** With rate_limited: Shopify's Retry-After, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface ShopifyStoreOptions {
  /** Loupe's name for the store ("shopify-au"). */
  key: string;
  regionId: number;
  /** The shop's myshopify.com domain, as Shopify sends it in X-Shopify-Shop-Domain. */
  shop: string;
  /** The API host: https://{shop} for Shopify, the stand-in's http://127.0.0.1:{port}/{shop}. */
  baseUrl: string;
  /** The Admin API access token (X-Shopify-Access-Token). */
  accessToken: string;
  /** The app's client secret: the webhooks' HMAC key. */
  apiSecret: string;
  /** e.g. 2025-10. */
  apiVersion: string;
  standIn: boolean;
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Orders per sync page, at most Shopify's 250 (tests page with fewer). */
  pageSize?: number;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name) continue;
    const value = Array.isArray(v) ? v[0] : v;
    return value?.trim() ? value.trim() : null;
  }
  return null;
}

/** Whether `signature` (base64, as X-Shopify-Hmac-Sha256 carries it) signs exactly these bytes. */
export function shopifySignatureValid(raw: Buffer, signature: string | null, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(signature, "base64");
  // Buffer.from drops what is not base64: re-encoding must give the header back, or it was not one.
  if (given.toString("base64") !== signature) return false;
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page_info of the Link header's rel="next", if there is one. */
function nextPageInfo(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (m) return new URL(m[1]!).searchParams.get("page_info");
  }
  return null;
}

export function createShopifyStore(options: ShopifyStoreOptions): SalesStore {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, "");
  const ordersUrl = `${base}/admin/api/${options.apiVersion}/orders.json`;
  const limit = Math.min(options.pageSize ?? 250, 250);
  const shop = options.shop.toLowerCase();
  // The next page's page_info for the cursor last handed out. updated_at_min is inclusive and
  // has one-second precision, so restarting from the cursor would hand back a full page of orders
  // all updated in that second for ever; following Shopify's own link moves past them. Lost on a
  // restart, which only costs one repeated page (the intake ignores versions it has).
  const nextPages = new Map<string, string>();

  async function get(url: string, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    let res: Response;
    let body: string;
    try {
      // The deadline covers the body too: a page that stops half-way is a timeout, not a hang.
      res = await doFetch(url, {
        headers: { "x-shopify-access-token": options.accessToken, accept: "application/json" },
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
      body = await res.text();
    } catch (err) {
      if (signal?.aborted) throw err;
      if (deadline.aborted)
        throw new ShopifyApiError(
          "timeout",
          `Shopify (${options.shop}) did not answer within ${options.timeoutMs} ms.`,
        );
      throw new ShopifyApiError(
        "unavailable",
        `Shopify (${options.shop}) could not be reached: ${(err as Error).message}`,
      );
    }
    if (res.status === 401 || res.status === 403)
      throw new ShopifyApiError(
        "unauthorised",
        `Shopify (${options.shop}) refused the access token (${res.status}): check SHOPIFY_*_ACCESS_TOKEN and the app's read_orders scope.`,
      );
    if (res.status === 429) {
      const after = Number.parseFloat(res.headers.get("retry-after") ?? "");
      const seconds = Number.isFinite(after) && after >= 0 ? after : 2;
      throw new ShopifyApiError(
        "rate_limited",
        `Shopify (${options.shop}) is throttling this app (429): retry after ${seconds} s.`,
        seconds,
      );
    }
    if (res.status >= 500)
      throw new ShopifyApiError("unavailable", `Shopify (${options.shop}) answered ${res.status}.`);
    if (!res.ok)
      throw new ShopifyApiError("rejected", `Shopify (${options.shop}) refused the request (${res.status}).`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ShopifyApiError("shape", `Shopify (${options.shop}) answered with something not JSON.`);
    }
    return { json, link: res.headers.get("link") };
  }

  return {
    source: "shopify",
    key: options.key,
    regionId: options.regionId,
    label: options.shop,
    standIn: options.standIn,

    readWebhook(raw, headers): SaleDelivery {
      if (!shopifySignatureValid(raw, header(headers, "x-shopify-hmac-sha256"), options.apiSecret))
        throw new SaleDeliveryError(
          "signature",
          "X-Shopify-Hmac-Sha256 does not sign this body with the app's secret.",
        );
      // One app's secret signs every shop it is installed on: a delivery for another shop, sent
      // here, is signed and still not this store's.
      const from = header(headers, "x-shopify-shop-domain")?.toLowerCase();
      if (from !== shop)
        throw new SaleDeliveryError(
          "signature",
          `X-Shopify-Shop-Domain ${from ? `"${from}"` : "is missing"}: this webhook is for ${options.shop}.`,
        );
      const topic = header(headers, "x-shopify-topic");
      if (!topic) throw new SaleDeliveryError("shape", "X-Shopify-Topic is missing.");
      const deliveryId = header(headers, "x-shopify-webhook-id");
      if (!(SHOPIFY_ORDER_TOPICS as readonly string[]).includes(topic))
        return { deliveryId, topic, sales: [] };
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new SaleDeliveryError("shape", `The ${topic} body is not JSON.`);
      }
      const parsed = parseShopifyOrder(json);
      if (!parsed.ok)
        throw new SaleDeliveryError("shape", `The ${topic} body is not a Shopify order (${parsed.problem}).`);
      return { deliveryId, topic, sales: [saleOfOrder(parsed.order, options)] };
    },

    async fetchSince(cursor, signal): Promise<SyncPage> {
      const remembered = nextPages.get(cursor ?? "");
      const fresh = new URL(ordersUrl);
      fresh.searchParams.set("status", "any");
      fresh.searchParams.set("limit", String(limit));
      fresh.searchParams.set("order", "updated_at asc");
      if (cursor) fresh.searchParams.set("updated_at_min", cursor);
      let page: Awaited<ReturnType<typeof get>>;
      if (remembered) {
        // A page_info request takes only limit (and fields): the filters travel inside it.
        const next = new URL(ordersUrl);
        next.searchParams.set("limit", String(limit));
        next.searchParams.set("page_info", remembered);
        try {
          page = await get(next.toString(), signal);
        } catch (err) {
          // An expired page_info is refused (400): start again from the cursor.
          if (!(err instanceof ShopifyApiError && err.kind === "rejected")) throw err;
          nextPages.delete(cursor ?? "");
          page = await get(fresh.toString(), signal);
        }
      } else page = await get(fresh.toString(), signal);

      const list =
        page.json && typeof page.json === "object" ? (page.json as { orders?: unknown }).orders : null;
      if (!Array.isArray(list))
        throw new ShopifyApiError("shape", `Shopify (${options.shop}) answered without orders.`);
      const orders = list.map((o, i) => {
        const parsed = parseShopifyOrder(o);
        if (!parsed.ok)
          throw new ShopifyApiError(
            "shape",
            `Shopify (${options.shop}) sent an order not in its shape (orders.${i}.${parsed.problem}).`,
          );
        return parsed.order;
      });
      const next = nextPageInfo(page.link);
      const last = orders.at(-1);
      const nextCursor = last ? last.updated_at : cursor;
      nextPages.delete(cursor ?? "");
      if (next && nextCursor) {
        nextPages.set(nextCursor, next);
        // Only the latest few cursors are ever asked for again.
        if (nextPages.size > 16) nextPages.delete(nextPages.keys().next().value!);
      }
      return { sales: orders.map((o) => saleOfOrder(o, options)), cursor: nextCursor, more: next !== null };
    },
  };
}
