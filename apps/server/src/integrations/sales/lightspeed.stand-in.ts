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
 *   status?, outlet_id?, invoice_number?, webhook?: "deliver"|"drop"|"twice"}: makes a sale.
 * - `POST …/sales/{id}/void` {webhook?}, `POST …/sales/{id}/return` {lines?: [{line_id, quantity?}], webhook?}.
 * - `POST …/sales/{id}/deliver` {version?, times?}: delivers (again, or late) the webhook of the sale
 *   as it stood at `version` (default its latest).
 * - `POST …/api-faults` {delayMs?, retryAfterSeconds?, times?}: the next API calls answer late, or 429.
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { toScaled } from "./lightspeed.money";
import { lightspeedSignature } from "./lightspeed.signature";
import {
  type Api2Customer,
  type Api2Payment,
  type Api2Sale,
  type BuiltLine,
  DEMO_PEOPLE,
  demoMobile,
  demoPrice,
  num,
  priceLines,
  registerSalePayload,
  StandInInputError,
  type StandInProduct,
  stateOf,
} from "./lightspeed.stand-in-sales";
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

interface StoreState {
  config: LightspeedStandInStoreConfig;
  retailerId: string;
  outlets: { id: string; registerId: string }[];
  taxId: string;
  userId: string;
  paymentTypes: Map<string, string>;
  products: Map<string, StandInProduct>; // by id
  productsBySku: Map<string, StandInProduct>;
  customers: Map<string, Api2Customer>;
  walkIn: Api2Customer;
  sales: Map<string, { history: Api2Sale[] }>;
  nextInvoice: number;
  faults: { delayMs: number; retryAfterSeconds: number | null; times: number };
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
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const REGION_CODE: Record<number, string> = { 1: "AU", 2: "NZ", 5: "CA" };

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
  const stores = new Map<string, StoreState>();
  for (const config of options.stores) {
    const outletIds = config.outlets?.length ? config.outlets : [randomUUID()];
    const walkIn: Api2Customer = {
      id: randomUUID(),
      customer_code: "WALKIN",
      first_name: "",
      last_name: "",
      email: null,
      mobile: null,
      phone: null,
      date_of_birth: null,
      do_not_email: true,
      version: nextVersion(),
    };
    stores.set(config.domainPrefix, {
      config,
      retailerId: randomUUID(),
      outlets: outletIds.map((id) => ({ id, registerId: randomUUID() })),
      taxId: randomUUID(),
      userId: randomUUID(),
      paymentTypes: new Map(),
      products: new Map(),
      productsBySku: new Map(),
      customers: new Map([[walkIn.id, walkIn]]),
      walkIn,
      sales: new Map(),
      nextInvoice: 1000 + (Date.now() % 9000),
      faults: { delayMs: 0, retryAfterSeconds: null, times: 0 },
    });
  }

  function productFor(store: StoreState, sku: string, name: string | null, price: unknown): StandInProduct {
    let product = store.productsBySku.get(sku);
    if (!product) {
      product = {
        id: randomUUID(),
        sku,
        name: name ?? `Product ${sku}`,
        price: demoPrice(sku, store.config.regionId),
        version: nextVersion(),
      };
      store.products.set(product.id, product);
      store.productsBySku.set(sku, product);
    }
    if (price !== undefined) {
      const given = toScaled(price as string);
      if (given === null) throw new StandInInputError(`price ${String(price)} is not an amount`);
      return { ...product, price: given };
    }
    return product;
  }

  function customerFor(store: StoreState, input: unknown): Api2Customer {
    if (input == null) return store.walkIn;
    if (typeof input !== "object") throw new StandInInputError("customer must be an object");
    const c = input as Record<string, unknown>;
    if (text(c.id)) {
      const known = store.customers.get(String(c.id));
      if (!known) throw new StandInInputError(`customer ${String(c.id)} is not in this store`);
      return known;
    }
    const email = text(c.email)?.toLowerCase() ?? null;
    const existing = email ? [...store.customers.values()].find((k) => k.email === email) : undefined;
    if (existing) return existing;
    const customer: Api2Customer = {
      id: randomUUID(),
      customer_code: text(c.customer_code) ?? `C${store.customers.size + 1000}`,
      first_name: text(c.first_name) ?? "",
      last_name: text(c.last_name) ?? "",
      email,
      mobile: text(c.mobile),
      phone: text(c.phone),
      date_of_birth: text(c.date_of_birth),
      do_not_email: c.do_not_email === true,
      version: nextVersion(),
    };
    store.customers.set(customer.id, customer);
    return customer;
  }

  function paymentTypeId(store: StoreState, name: string): string {
    let id = store.paymentTypes.get(name);
    if (!id) {
      id = randomUUID();
      store.paymentTypes.set(name, id);
    }
    return id;
  }

  function payment(
    store: StoreState,
    sale: { outlet_id: string; register_id: string },
    name: string,
    amount: number,
    at: string,
  ): Api2Payment {
    return {
      id: randomUUID(),
      register_id: sale.register_id,
      outlet_id: sale.outlet_id,
      retailer_payment_type_id: paymentTypeId(store, name),
      payment_type_id: name === "Cash" ? "1" : "3",
      name,
      amount,
      payment_date: at,
    };
  }

  function keep(store: StoreState, sale: Api2Sale): Api2Sale {
    const entry = store.sales.get(sale.id) ?? { history: [] };
    entry.history.push(sale);
    store.sales.set(sale.id, entry);
    return sale;
  }

  const current = (store: StoreState, id: string): Api2Sale | undefined =>
    store.sales.get(id)?.history.at(-1);

  async function deliver(store: StoreState, sale: Api2Sale): Promise<DeliveryResult> {
    const customer = sale.customer_id ? (store.customers.get(sale.customer_id) ?? null) : null;
    const body = new URLSearchParams({
      payload: JSON.stringify(registerSalePayload(sale, store.config.regionId, store.products, customer)),
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

  async function announce(store: StoreState, sale: Api2Sale, mode: unknown): Promise<DeliveryResult[]> {
    const how: WebhookMode = mode === "drop" || mode === "twice" ? mode : "deliver";
    if (how === "drop") return [];
    const results = [await deliver(store, sale)];
    if (how === "twice") results.push(await deliver(store, sale));
    return results;
  }

  function makeSale(store: StoreState, body: Record<string, unknown>): Api2Sale {
    if (!Array.isArray(body.lines) || body.lines.length === 0)
      throw new StandInInputError("lines: at least one line ({ sku }) is needed");
    const status = text(body.status)?.toUpperCase() ?? "CLOSED";
    if (!/^(CLOSED|SAVED|ONACCOUNT|LAYBY|AWAITING_DISPATCH|AWAITING_PICKUP)$/.test(status))
      throw new StandInInputError(`status ${status} is not one a new sale can have`);
    const outlet = text(body.outlet_id)
      ? store.outlets.find((o) => o.id === body.outlet_id)
      : store.outlets[Math.floor(Math.random() * store.outlets.length)];
    if (!outlet) throw new StandInInputError(`outlet_id ${String(body.outlet_id)} is not this store's`);
    const lines: BuiltLine[] = body.lines.map((raw: unknown, i: number) => {
      const l = (raw ?? {}) as Record<string, unknown>;
      const sku = text(l.sku);
      if (!sku) throw new StandInInputError(`lines[${i}].sku is required`);
      const product = productFor(store, sku, text(l.name), l.price);
      const quantity = toScaled((l.quantity as number | string | undefined) ?? 1);
      const discount = toScaled((l.discount as number | string | undefined) ?? 0);
      if (quantity === null || quantity === 0n)
        throw new StandInInputError(`lines[${i}].quantity is not a quantity`);
      if (discount === null) throw new StandInInputError(`lines[${i}].discount is not an amount`);
      return { product, quantity, price: product.price - discount, discount };
    });
    const priced = priceLines(lines, store.config.regionId, store.taxId);
    const customer = customerFor(store, body.customer);
    const at = new Date().toISOString().replace(/\.\d+Z$/, "+00:00");
    const invoice =
      text(body.invoice_number) ?? `${REGION_CODE[store.config.regionId] ?? "LS"}-${store.nextInvoice++}`;
    const sale: Api2Sale = {
      id: randomUUID(),
      outlet_id: outlet.id,
      register_id: outlet.registerId,
      user_id: store.userId,
      customer_id: customer.id,
      invoice_number: invoice,
      receipt_number: invoice,
      status,
      state: stateOf(status),
      note: "",
      short_code: randomBytes(3).toString("hex"),
      return_for: null,
      created_at: at,
      updated_at: at,
      sale_date: at,
      deleted_at: null,
      total_price: num(priced.totalPrice),
      total_tax: num(priced.totalTax),
      total_loyalty: 0,
      line_items: priced.items,
      payments: [],
      taxes: [{ id: store.taxId, amount: num(priced.totalTax) }],
      version: nextVersion(),
    };
    const total = num(priced.totalPrice + priced.totalTax);
    const payments = Array.isArray(body.payments)
      ? body.payments
      : status === "CLOSED"
        ? [{ name: "EFTPOS", amount: total }]
        : [];
    sale.payments = payments.map((raw: unknown, i: number) => {
      const p = (raw ?? {}) as Record<string, unknown>;
      const amount = toScaled((p.amount as number | string | undefined) ?? total);
      if (amount === null) throw new StandInInputError(`payments[${i}].amount is not an amount`);
      return payment(store, sale, text(p.name) ?? "EFTPOS", num(amount), at);
    });
    return keep(store, sale);
  }

  function voidSale(store: StoreState, id: string): Api2Sale {
    const sale = current(store, id);
    if (!sale) throw new NotFound(`sale ${id}`);
    if (sale.status === "VOIDED") throw new StandInInputError(`sale ${id} is already voided`);
    const at = new Date().toISOString().replace(/\.\d+Z$/, "+00:00");
    return keep(store, {
      ...sale,
      status: "VOIDED",
      state: "voided",
      updated_at: at,
      version: nextVersion(),
    });
  }

  function returnSale(store: StoreState, id: string, body: Record<string, unknown>): Api2Sale {
    const original = current(store, id);
    if (!original) throw new NotFound(`sale ${id}`);
    const wanted = Array.isArray(body.lines)
      ? body.lines.map((raw: unknown, i: number) => {
          const l = (raw ?? {}) as Record<string, unknown>;
          const item = original.line_items.find((li) => li.id === l.line_id);
          if (!item) throw new StandInInputError(`lines[${i}].line_id is not a line of sale ${id}`);
          return { item, quantity: l.quantity ?? item.quantity };
        })
      : original.line_items.map((item) => ({ item, quantity: item.quantity }));
    const lines: BuiltLine[] = wanted.map(({ item, quantity }, i) => {
      const product = store.products.get(item.product_id);
      const q = toScaled(quantity as number);
      if (!product || q === null || q === 0n)
        throw new StandInInputError(`lines[${i}].quantity is not a quantity`);
      const magnitude = q < 0n ? -q : q;
      return {
        product,
        quantity: -magnitude,
        price: toScaled(item.price) ?? 0n,
        discount: toScaled(item.discount) ?? 0n,
      };
    });
    const priced = priceLines(lines, store.config.regionId, store.taxId);
    const at = new Date().toISOString().replace(/\.\d+Z$/, "+00:00");
    const invoice = `${REGION_CODE[store.config.regionId] ?? "LS"}-${store.nextInvoice++}`;
    const sale: Api2Sale = {
      ...original,
      id: randomUUID(),
      invoice_number: invoice,
      receipt_number: invoice,
      status: "CLOSED",
      state: "closed",
      short_code: randomBytes(3).toString("hex"),
      return_for: original.id,
      created_at: at,
      updated_at: at,
      sale_date: at,
      total_price: num(priced.totalPrice),
      total_tax: num(priced.totalTax),
      line_items: priced.items,
      taxes: [{ id: store.taxId, amount: num(priced.totalTax) }],
      payments: [],
      version: nextVersion(),
    };
    const refundedWith = original.payments[0]?.name ?? "Cash";
    sale.payments = [payment(store, sale, refundedWith, num(priced.totalPrice + priced.totalTax), at)];
    return keep(store, sale);
  }

  class NotFound extends Error {}

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
      const webhook = await announce(store, sale, body.webhook);
      return json(res, 201, { sale, webhook });
    }
    const [what, id, action] = rest;
    if (what === "sales" && id && action === "void") {
      const sale = voidSale(store, id);
      return json(res, 200, { sale, webhook: await announce(store, sale, body.webhook) });
    }
    if (what === "sales" && id && action === "return") {
      const sale = returnSale(store, id, body);
      return json(res, 201, { sale, webhook: await announce(store, sale, body.webhook) });
    }
    if (what === "sales" && id && action === "deliver") {
      const history = store.sales.get(id)?.history;
      if (!history) throw new NotFound(`sale ${id}`);
      const sale =
        body.version == null ? history.at(-1) : history.find((s) => s.version === Number(body.version));
      if (!sale) throw new StandInInputError(`sale ${id} never had version ${String(body.version)}`);
      const times = Math.min(Math.max(Number(body.times ?? 1), 1), 10);
      const webhook: DeliveryResult[] = [];
      for (let i = 0; i < times; i++) webhook.push(await deliver(store, sale));
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
    await announce(store, sale, "deliver");
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
