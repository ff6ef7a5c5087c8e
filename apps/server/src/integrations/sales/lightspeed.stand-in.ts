/**
 * A local stand-in of Lightspeed Retail X-Series for tests and the demo: one node:http server on
 * 127.0.0.1 serving every stand-in store under `/{domainPrefix}`, so a store's address is
 * `http://127.0.0.1:{port}/{domainPrefix}` where the real one is https://{prefix}.retail.lightspeed.app.
 *
 * The provider's side, from its published shapes (see lightspeed.adapter.ts for the pages):
 * - `GET /api/2.0/sales?after=&page_size=` → `{ data: [sale…], version: { min, max } }`, sales in
 *   version order after the cursor, each once at its latest version; Bearer auth or 401.
 * - `GET /api/2.0/sales/{id}`, `/api/2.0/products/{id}`, `/api/2.0/customers/{id}` → `{ data }`.
 * - every change bumps one global version and POSTs a signed, form-encoded `sale.update` webhook
 *   (payload = the API 1.0 register_sale) to `webhookUrl(store key)`. A failed delivery is logged
 *   and left: Lightspeed does not guarantee delivery, the sync is what closes the gap.
 *
 * The control side (JSON; for tests, the demo and browser journeys), under `/_stand-in/{prefix}`:
 * - `GET /_stand-in/{prefix}`: the store, its outlets, products, customers and sales.
 * - `POST …/sales` {customer?, lines: [{sku, quantity?, price?, discount?, name?}], payments?,
 *   status?, outlet_id?, invoice_number?, webhook?: "deliver"|"drop"|"twice",
 *   payload?: "full"|"slim"|"slim-versioned"}: makes a sale (see shapePayload for the payloads).
 * - `POST …/sales/{id}/void` {webhook?}, `POST …/sales/{id}/return` {lines?: [{line_id, quantity?}], webhook?}.
 * - `POST …/sales/{id}/deliver` {version?, times?}: delivers (again, or late) the webhook of the sale
 *   as it stood at `version` (default its latest).
 * - `POST …/api-faults` {delayMs?, retryAfterSeconds?, times?}: the next API calls answer late, or 429.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { lightspeedSignature } from "./lightspeed.signature";
import {
  type Api2Sale,
  DEMO_PEOPLE,
  demoMobile,
  num,
  registerSalePayload,
  StandInInputError,
  shapePayload,
  type WebhookPayloadShape,
} from "./lightspeed.stand-in-sales";
import {
  current,
  makeSale,
  NotFound,
  newStoreState,
  returnSale,
  type StoreState,
  voidSale,
} from "./lightspeed.stand-in-store";
import type { StandInOptions } from "./sales.port";

export interface LightspeedStandInStoreConfig {
  key: string;
  regionId: number;
  domainPrefix: string;
  token: string;
  clientSecret: string;
  /** Outlet ids the store sells from (default: one generated). */
  outlets?: string[];
}

export interface StandInLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface LightspeedStandIn {
  /** http://127.0.0.1:{port} */
  url: string;
  /** The store's address as the adapter's baseUrl: {url}/{domainPrefix}. */
  baseUrl(domainPrefix: string): string;
  close(): Promise<void>;
}

type WebhookMode = "deliver" | "drop" | "twice";
interface DeliveryResult {
  status?: number;
  error?: string;
}

const json = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

export async function startLightspeedStandIn(
  options: StandInOptions & { port?: number; stores: LightspeedStandInStoreConfig[]; log?: StandInLog },
): Promise<LightspeedStandIn> {
  const log: StandInLog = options.log ?? {
    warn: (details, message) => console.warn(message, JSON.stringify(details)),
  };
  // One version for the whole stand-in, as Lightspeed's is global; from the clock, so a restarted
  // stand-in never answers below a cursor Loupe kept from its previous run.
  let version = Date.now();
  const nextVersion = () => {
    version = Math.max(version + 1, Date.now());
    return version;
  };
  const stores = new Map<string, StoreState>(
    options.stores.map((config) => [config.domainPrefix, newStoreState(config, nextVersion)]),
  );

  async function deliver(
    store: StoreState,
    sale: Api2Sale,
    shape: WebhookPayloadShape,
  ): Promise<DeliveryResult> {
    const customer = sale.customer_id ? (store.customers.get(sale.customer_id) ?? null) : null;
    const payload = shapePayload(
      registerSalePayload(sale, store.config.regionId, store.products, customer),
      shape,
    );
    const body = new URLSearchParams({
      payload: JSON.stringify(payload),
      type: "sale.update",
      domain_prefix: store.config.domainPrefix,
      retailer_id: store.retailerId,
      environment: "prod",
    }).toString();
    try {
      const response = await fetch(options.webhookUrl(store.config.key), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-signature": lightspeedSignature(body, store.config.clientSecret),
        },
        body,
        // Lightspeed gives a webhook 5 seconds.
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      if (!response.ok)
        log.warn(
          { store: store.config.key, sale: sale.id, version: sale.version, status: response.status },
          "Lightspeed stand-in: webhook refused; the sync will find the sale",
        );
      return { status: response.status };
    } catch (error) {
      log.warn(
        { store: store.config.key, sale: sale.id, version: sale.version, error: (error as Error).message },
        "Lightspeed stand-in: webhook not delivered; the sync will find the sale",
      );
      return { error: (error as Error).message };
    }
  }

  const payloadShape = (value: unknown): WebhookPayloadShape =>
    value === "slim" || value === "slim-versioned" ? value : "full";

  async function announce(
    store: StoreState,
    sale: Api2Sale,
    body: Record<string, unknown>,
  ): Promise<DeliveryResult[]> {
    const mode = body.webhook;
    const how: WebhookMode = mode === "drop" || mode === "twice" ? mode : "deliver";
    if (how === "drop") return [];
    const shape = payloadShape(body.payload);
    const results = [await deliver(store, sale, shape)];
    if (how === "twice") results.push(await deliver(store, sale, shape));
    return results;
  }

  async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8").trim();
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new StandInInputError("the body must be a JSON object");
    return parsed as Record<string, unknown>;
  }

  async function control(
    store: StoreState,
    rest: string[],
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const body = req.method === "POST" ? await readJson(req) : {};
    if (req.method === "GET" && rest.length === 0)
      return json(res, 200, {
        key: store.config.key,
        regionId: store.config.regionId,
        domainPrefix: store.config.domainPrefix,
        baseUrl: `${url}/${store.config.domainPrefix}`,
        outlets: store.outlets.map((o) => ({ id: o.id, register_id: o.registerId })),
        products: [...store.products.values()].map((p) => ({
          id: p.id,
          sku: p.sku,
          name: p.name,
          price: num(p.price),
        })),
        customers: [...store.customers.values()],
        sales: [...store.sales.values()].map((s) => s.history.at(-1)),
      });
    if (req.method !== "POST") return json(res, 405, { error: "method not allowed" });
    if (rest.length === 1 && rest[0] === "api-faults") {
      const times = Number(body.times ?? 1);
      store.faults = {
        delayMs: Number(body.delayMs ?? 0),
        retryAfterSeconds: body.retryAfterSeconds == null ? null : Number(body.retryAfterSeconds),
        times: Number.isInteger(times) && times > 0 ? times : 1,
      };
      return json(res, 200, { faults: store.faults });
    }
    if (rest.length === 1 && rest[0] === "sales") {
      const sale = makeSale(store, body);
      // Lightspeed announces parked sales too: reading them as "not a sale yet" is the adapter's job.
      const webhook = await announce(store, sale, body);
      return json(res, 201, { sale, webhook });
    }
    const [what, id, action] = rest;
    if (what === "sales" && id && action === "void") {
      const sale = voidSale(store, id);
      return json(res, 200, { sale, webhook: await announce(store, sale, body) });
    }
    if (what === "sales" && id && action === "return") {
      const sale = returnSale(store, id, body);
      return json(res, 201, { sale, webhook: await announce(store, sale, body) });
    }
    if (what === "sales" && id && action === "deliver") {
      const history = store.sales.get(id)?.history;
      if (!history) throw new NotFound(`sale ${id}`);
      const sale =
        body.version == null ? history.at(-1) : history.find((s) => s.version === Number(body.version));
      if (!sale) throw new StandInInputError(`sale ${id} never had version ${String(body.version)}`);
      const times = Math.min(Math.max(Number(body.times ?? 1), 1), 10);
      const webhook: DeliveryResult[] = [];
      for (let i = 0; i < times; i++) webhook.push(await deliver(store, sale, payloadShape(body.payload)));
      return json(res, 200, { sale, webhook });
    }
    return json(res, 404, { error: "no such control" });
  }

  async function api(
    store: StoreState,
    path: string,
    query: URLSearchParams,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    if (req.headers.authorization !== `Bearer ${store.config.token}`)
      return json(res, 401, {
        error: "Unauthorized",
        error_description: "The access token is missing or invalid.",
      });
    if (store.faults.times > 0) {
      store.faults.times--;
      if (store.faults.delayMs > 0) await new Promise((r) => setTimeout(r, store.faults.delayMs).unref());
      if (store.faults.retryAfterSeconds !== null)
        return json(
          res,
          429,
          { error: "Too Many Requests" },
          { "retry-after": String(store.faults.retryAfterSeconds) },
        );
    }
    if (req.method !== "GET") return json(res, 405, { error: "Method Not Allowed" });
    if (path === "/api/2.0/sales") {
      const after = Number(query.get("after") ?? 0);
      const pageSize = Math.min(Math.max(Number(query.get("page_size") ?? 200) || 200, 1), 1000);
      const data = [...store.sales.values()]
        .map((s) => s.history.at(-1) as Api2Sale)
        .filter((s) => s.version > after)
        .sort((a, b) => a.version - b.version)
        .slice(0, pageSize);
      return json(res, 200, {
        data,
        version: data.length
          ? { min: data[0]?.version, max: data.at(-1)?.version }
          : { min: null, max: null },
      });
    }
    const one = /^\/api\/2\.0\/(sales|products|customers)\/([^/]+)$/.exec(path);
    if (one) {
      const [, kind, id = ""] = one;
      const found =
        kind === "sales"
          ? current(store, id)
          : kind === "customers"
            ? store.customers.get(id)
            : (() => {
                const p = store.products.get(id);
                return (
                  p && {
                    id: p.id,
                    sku: p.sku,
                    name: p.name,
                    handle: p.sku.toLowerCase(),
                    price_excluding_tax: num(p.price),
                    version: p.version,
                    deleted_at: null,
                  }
                );
              })();
      return found ? json(res, 200, { data: found }) : json(res, 404, { error: "Not Found" });
    }
    return json(res, 404, { error: "Not Found" });
  }

  const server = http.createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? "/", "http://stand-in");
      const parts = target.pathname.split("/").filter(Boolean);
      if (parts[0] === "_stand-in") {
        const store = stores.get(parts[1] ?? "");
        if (!store) return json(res, 404, { error: `no stand-in store ${parts[1] ?? ""}` });
        return await control(store, parts.slice(2), req, res);
      }
      const store = stores.get(parts[0] ?? "");
      if (!store) return json(res, 404, { error: "Not Found" });
      return await api(store, `/${parts.slice(1).join("/")}`, target.searchParams, req, res);
    } catch (error) {
      if (error instanceof StandInInputError || error instanceof SyntaxError)
        return json(res, 400, { error: error.message });
      if (error instanceof NotFound) return json(res, 404, { error: `${error.message} not found` });
      log.warn({ error: (error as Error).message }, "Lightspeed stand-in: request failed");
      if (!res.headersSent) json(res, 500, { error: "stand-in failure" });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The demo: now and then each store sells something from its region's catalogue.
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  async function sellSomething(store: StoreState) {
    const skus = await options.skus(store.config.regionId);
    if (skus.length === 0) return;
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
    const lines = Array.from({ length: Math.random() < 0.3 ? 2 : 1 }, () => ({ sku: pick(skus) }));
    let customer: Record<string, unknown> | null = null;
    if (Math.random() >= 0.2) {
      const index = Math.floor(Math.random() * DEMO_PEOPLE.length);
      const [first_name, last_name, email, date_of_birth] = DEMO_PEOPLE[index] ?? DEMO_PEOPLE[0];
      customer = {
        first_name,
        last_name,
        email,
        date_of_birth,
        mobile: demoMobile(store.config.regionId, index),
      };
    }
    const roll = Math.random();
    const status = roll < 0.85 ? "CLOSED" : roll < 0.95 ? "LAYBY" : "ONACCOUNT";
    const sale = makeSale(store, { lines, customer, status });
    await announce(store, sale, {});
  }
  function schedule(store: StoreState) {
    if (closed || options.sellEverySeconds <= 0) return;
    const wait = options.sellEverySeconds * 1000 * (0.5 + Math.random());
    const timer = setTimeout(() => {
      timers.delete(timer);
      sellSomething(store)
        .catch((error: Error) =>
          log.warn(
            { store: store.config.key, error: error.message },
            "Lightspeed stand-in: a demo sale failed",
          ),
        )
        .finally(() => schedule(store));
    }, wait);
    timer.unref();
    timers.add(timer);
  }
  for (const store of stores.values()) schedule(store);

  return {
    url,
    baseUrl: (domainPrefix) => `${url}/${domainPrefix}`,
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
