// One store of the Lightspeed stand-in: its outlets, products, customers and sales (every version
// of each kept, so a late webhook can be replayed), and how a sale, a void and a return are made.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { toScaled } from "./lightspeed.money";
import type { LightspeedStandInStoreConfig } from "./lightspeed.stand-in";
import {
  type Api2Customer,
  type Api2Payment,
  type Api2Sale,
  type BuiltLine,
  demoPrice,
  num,
  priceLines,
  StandInInputError,
  type StandInProduct,
  stateOf,
} from "./lightspeed.stand-in-sales";

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const REGION_CODE: Record<number, string> = { 1: "AU", 2: "NZ", 5: "CA" };

export interface StoreState {
  /** The stand-in's one global version, bumped by every change. */
  nextVersion: () => number;
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

/** A UUID-shaped id that a name always gives (a SHA-1 of it), as a retailer's ids stay put. */
function stableUuid(name: string): string {
  const h = createHash("sha1").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function newStoreState(config: LightspeedStandInStoreConfig, nextVersion: () => number): StoreState {
  // The same outlet across restarts: staff link it to a Loupe outlet once, and the link holds.
  const outletIds = config.outlets?.length ? config.outlets : [stableUuid(`${config.domainPrefix}:outlet`)];
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
  return {
    nextVersion,
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
  };
}

export function productFor(
  store: StoreState,
  sku: string,
  name: string | null,
  price: unknown,
): StandInProduct {
  let product = store.productsBySku.get(sku);
  if (!product) {
    product = {
      id: randomUUID(),
      sku,
      name: name ?? `Product ${sku}`,
      price: demoPrice(sku, store.config.regionId),
      version: store.nextVersion(),
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

export function customerFor(store: StoreState, input: unknown): Api2Customer {
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
    version: store.nextVersion(),
  };
  store.customers.set(customer.id, customer);
  return customer;
}

export function paymentTypeId(store: StoreState, name: string): string {
  let id = store.paymentTypes.get(name);
  if (!id) {
    id = randomUUID();
    store.paymentTypes.set(name, id);
  }
  return id;
}

export function payment(
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

export function keep(store: StoreState, sale: Api2Sale): Api2Sale {
  const entry = store.sales.get(sale.id) ?? { history: [] };
  entry.history.push(sale);
  store.sales.set(sale.id, entry);
  return sale;
}

export const current = (store: StoreState, id: string): Api2Sale | undefined =>
  store.sales.get(id)?.history.at(-1);

export function makeSale(store: StoreState, body: Record<string, unknown>): Api2Sale {
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
    version: store.nextVersion(),
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

export function voidSale(store: StoreState, id: string): Api2Sale {
  const sale = current(store, id);
  if (!sale) throw new NotFound(`sale ${id}`);
  if (sale.status === "VOIDED") throw new StandInInputError(`sale ${id} is already voided`);
  const at = new Date().toISOString().replace(/\.\d+Z$/, "+00:00");
  return keep(store, {
    ...sale,
    status: "VOIDED",
    state: "voided",
    updated_at: at,
    version: store.nextVersion(),
  });
}

export function returnSale(store: StoreState, id: string, body: Record<string, unknown>): Api2Sale {
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
    version: store.nextVersion(),
  };
  const refundedWith = original.payments[0]?.name ?? "Cash";
  sale.payments = [payment(store, sale, refundedWith, num(priced.totalPrice + priced.totalTax), at)];
  return keep(store, sale);
}

export class NotFound extends Error {}
