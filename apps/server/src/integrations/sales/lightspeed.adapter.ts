// The Lightspeed Retail X-Series (formerly Vend) store behind the intake port (issue 45).
//
// Followed: the X-Series developer docs at https://x-series-api.lightspeedhq.com — "Webhooks"
// (form-encoded POST with a JSON `payload` field; the payload is the API 1.0 object; X-Signature
// with the app's client secret; reliable but not guaranteed, so poll as well), "Pagination"
// (API 2.0 collections page by the `version` cursor: `after`, `page_size`, and a response
// `{ data, version: { min, max } }`), "Sales" / "Statuses" (SAVED is a parked sale, VOIDED a
// cancelled one, *_CLOSED paid off), "Authorization" (`Authorization: Bearer <token>`), and the
// 2.0 reference for `GET /api/2.0/sales`, `/products/{id}` and `/customers/{id}`.
import {
  api2SaleSchema,
  customerSchema,
  fromApi2Sale,
  fromRegisterSale,
  type LightspeedCustomer,
  type LightspeedProduct,
  productSchema,
  registerSaleSchema,
  type SaleStoreFacts,
  shapeMessage,
} from "./lightspeed.sale";
import { SIGNATURE_HEADER, signatureProblem } from "./lightspeed.signature";
import {
  type IncomingSale,
  type SaleDelivery,
  SaleDeliveryError,
  type SalesStore,
  type SyncPage,
} from "./sales.port";

export interface LightspeedStoreOptions {
  /** Loupe's name for the store ("lightspeed-au"). */
  key: string;
  regionId: number;
  /** The retailer's domain prefix: the store is https://{domainPrefix}.retail.lightspeed.app. */
  domainPrefix: string;
  /** The store's address (`vend_base_url`); default https://{domainPrefix}.retail.lightspeed.app. */
  baseUrl?: string;
  /** A personal token or an OAuth access token, sent as Bearer. */
  token: string;
  /** The app's client secret that signs webhooks; null: no webhook can be trusted (the sync still runs). */
  clientSecret: string | null;
  standIn: boolean;
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Sales per sync page (the API allows more; 200 keeps one page's lookups small). */
  pageSize?: number;
}

/** Lightspeed answered 429: the sync records this and tries again after `retryAfterSeconds`. */
export class LightspeedRateLimitError extends Error {
  constructor(
    readonly storeKey: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`Lightspeed ${storeKey}: rate limited (429); retry after ${retryAfterSeconds} s`);
  }
}

/** A Lightspeed API call failed (refused, timed out, or answered what it should not). */
export class LightspeedApiError extends Error {
  constructor(
    readonly storeKey: string,
    readonly status: number | null,
    message: string,
  ) {
    super(`Lightspeed ${storeKey}: ${message}`);
  }
}

const PRODUCT_CACHE_LIMIT = 5000;
const LOOKUP_CONCURRENCY = 4;

/** A request header by name, whatever case the caller's record keeps names in. */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in seconds (a number or an HTTP date); 60 when absent or unreadable. */
function retryAfterSeconds(value: string | null): number {
  if (!value) return 60;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 60 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

export function createLightspeedStore(options: LightspeedStoreOptions): SalesStore {
  const baseUrl = (options.baseUrl ?? `https://${options.domainPrefix}.retail.lightspeed.app`).replace(
    /\/$/,
    "",
  );
  const doFetch = options.fetch ?? fetch;
  const pageSize = options.pageSize ?? 200;
  const facts: SaleStoreFacts = { key: options.key, regionId: options.regionId, baseUrl };
  // A product's SKU rarely changes and a busy store sells the same few hundred products all day.
  const products = new Map<string, LightspeedProduct | null>();
  // Which outlet a register belongs to, as the 2.0 sales say: a webhook payload names only the register.
  const registers = new Map<string, string>();

  /** GET a 2.0 resource; null on 404 when `missingOk`. Never puts the token in a message. */
  async function get(path: string, signal: AbortSignal | undefined, missingOk = false): Promise<unknown> {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: "application/json",
          "user-agent": "Loupe-Intake/1.0",
        },
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    } catch (error) {
      if (deadline.aborted)
        throw new LightspeedApiError(
          options.key,
          null,
          `no answer to ${path.split("?")[0]} within ${options.timeoutMs} ms`,
        );
      if (signal?.aborted) throw error;
      throw new LightspeedApiError(
        options.key,
        null,
        `could not reach the store (${(error as Error).message})`,
      );
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new LightspeedRateLimitError(options.key, retryAfterSeconds(response.headers.get("retry-after")));
    }
    if (response.status === 404 && missingOk) {
      await response.body?.cancel();
      return null;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new LightspeedApiError(
        options.key,
        response.status,
        `the store refused the API token (${response.status})`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LightspeedApiError(
        options.key,
        response.status,
        `${path.split("?")[0]} answered ${response.status}`,
      );
    }
    try {
      return await response.json();
    } catch (error) {
      if (deadline.aborted)
        throw new LightspeedApiError(
          options.key,
          null,
          `no whole answer to ${path.split("?")[0]} within ${options.timeoutMs} ms`,
        );
      if (signal?.aborted) throw error;
      throw new LightspeedApiError(
        options.key,
        response.status,
        `${path.split("?")[0]} answered something not JSON`,
      );
    }
  }

  async function lookUpProducts(ids: string[], signal?: AbortSignal): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !products.has(id));
    if (products.size + missing.length > PRODUCT_CACHE_LIMIT) products.clear();
    await inBatches(missing, LOOKUP_CONCURRENCY, async (id) => {
      const body = (await get(`/api/2.0/products/${encodeURIComponent(id)}`, signal, true)) as {
        data?: unknown;
      } | null;
      const parsed = body ? productSchema.safeParse(body.data) : null;
      products.set(id, parsed?.success ? parsed.data : null);
    });
  }

  // Customers change (a new e-mail, a new mobile): looked up again on every page, never cached.
  async function lookUpCustomers(
    ids: string[],
    signal?: AbortSignal,
  ): Promise<Map<string, LightspeedCustomer | null>> {
    const found = new Map<string, LightspeedCustomer | null>();
    await inBatches([...new Set(ids)], LOOKUP_CONCURRENCY, async (id) => {
      const body = (await get(`/api/2.0/customers/${encodeURIComponent(id)}`, signal, true)) as {
        data?: unknown;
      } | null;
      const parsed = body ? customerSchema.safeParse(body.data) : null;
      found.set(id, parsed?.success ? parsed.data : null);
    });
    return found;
  }

  return {
    source: "lightspeed",
    key: options.key,
    regionId: options.regionId,
    label: options.domainPrefix,
    standIn: options.standIn,

    readWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): SaleDelivery {
      if (!options.clientSecret)
        throw new SaleDeliveryError(
          "signature",
          "no client secret is configured for this store: webhooks cannot be verified",
        );
      const problem = signatureProblem(raw, header(headers, SIGNATURE_HEADER), options.clientSecret);
      if (problem) throw new SaleDeliveryError("signature", problem);
      const form = new URLSearchParams(raw.toString("utf8"));
      const topic = form.get("type");
      if (!topic) throw new SaleDeliveryError("shape", "the form has no type");
      const prefix = form.get("domain_prefix");
      // One OAuth app (one secret) can serve several retailers: a signed delivery for another store is not this store's.
      if (prefix && prefix !== options.domainPrefix)
        throw new SaleDeliveryError(
          "shape",
          `domain_prefix ${prefix} is not this store's (${options.domainPrefix})`,
        );
      if (topic !== "sale.update") return { deliveryId: null, topic, sales: [] };
      const payload = form.get("payload");
      if (!payload) throw new SaleDeliveryError("shape", "the form has no payload");
      let json: unknown;
      try {
        json = JSON.parse(payload);
      } catch {
        throw new SaleDeliveryError("shape", "payload is not JSON");
      }
      const parsed = registerSaleSchema.safeParse(json);
      if (!parsed.success)
        throw new SaleDeliveryError("shape", shapeMessage(parsed.error, "sale.update payload"));
      const reading = fromRegisterSale(parsed.data, facts, {
        product: (id) => products.get(id),
        outletOfRegister: (id) => registers.get(id),
      });
      // A genuine delivery that names its sale without carrying it whole: the sync brings it.
      if ("incomplete" in reading) return { deliveryId: null, topic, sales: [], syncNeeded: true };
      return { deliveryId: null, topic, sales: reading.sale ? [reading.sale] : [] };
    },

    async fetchSince(cursor: string | null, signal?: AbortSignal): Promise<SyncPage> {
      if (cursor !== null && !/^\d+$/.test(cursor))
        throw new LightspeedApiError(options.key, null, `the cursor ${cursor} is not a version`);
      const query = new URLSearchParams({ after: cursor ?? "0", page_size: String(pageSize) });
      const body = (await get(`/api/2.0/sales?${query}`, signal)) as {
        data?: unknown;
        version?: { max?: number | string | null } | null;
      };
      if (!body || !Array.isArray(body.data))
        throw new LightspeedApiError(options.key, 200, "/api/2.0/sales answered without a data list");
      const sales = body.data.map((item, i) => {
        const parsed = api2SaleSchema.safeParse(item);
        if (!parsed.success)
          throw new LightspeedApiError(
            options.key,
            200,
            shapeMessage(parsed.error, `/api/2.0/sales item ${i + 1}`),
          );
        return parsed.data;
      });
      for (const s of sales) if (s.register_id && s.outlet_id) registers.set(s.register_id, s.outlet_id);
      const live = sales.filter((s) => s.status.toUpperCase() !== "SAVED");
      await lookUpProducts(
        live.flatMap((s) => s.line_items.map((l) => l.product_id).filter((id): id is string => !!id)),
        signal,
      );
      const customers = await lookUpCustomers(
        live.map((s) => s.customer_id).filter((id): id is string => !!id),
        signal,
      );
      const incoming: IncomingSale[] = [];
      for (const sale of live) {
        const mapped = fromApi2Sale(
          sale,
          facts,
          products,
          sale.customer_id ? customers.get(sale.customer_id) : null,
        );
        if (mapped) incoming.push(mapped);
      }
      const max = body.version?.max;
      const highest = sales.reduce<bigint | null>((top, s) => {
        const v = BigInt(s.version);
        return top === null || v > top ? v : top;
      }, null);
      const next =
        max != null && /^\d+$/.test(String(max)) ? String(max) : highest !== null ? String(highest) : cursor;
      return { sales: incoming, cursor: next, more: sales.length >= pageSize };
    },
  };
}
