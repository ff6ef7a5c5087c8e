// What the Lightspeed stand-in keeps and sends: sales in the API 2.0 shape (as `GET /api/2.0/sales`
// answers them) and the same sale as the `sale.update` webhook's API 1.0 register_sale. Amounts are
// worked out as Lightspeed does: a tax-exclusive unit price kept to five decimals, the tax beside it.
import { randomUUID } from "node:crypto";
import { REGION } from "@loupe/domain";
import { type Scaled, scaledTimes, scaledToDecimal, toScaled } from "./lightspeed.money";

const FIVE_DP = 10n ** 3n; // 1e-8 units in 1e-5

/** Rounds a scaled amount to Lightspeed's five decimals. */
const fiveDp = (v: Scaled): Scaled => {
  const negative = v < 0n;
  const m = negative ? -v : v;
  const r = ((m + FIVE_DP / 2n) / FIVE_DP) * FIVE_DP;
  return negative ? -r : r;
};
/** A scaled amount as the JSON number Lightspeed sends. */
export const num = (v: Scaled): number => Number(scaledToDecimal(v));
const scaled = (v: number | string): Scaled => {
  const s = toScaled(v);
  if (s === null) throw new StandInInputError(`${v} is not an amount`);
  return s;
};

export class StandInInputError extends Error {}

export const TAX = {
  [REGION.AU]: { name: "GST", rate: "0.1" },
  [REGION.NZ]: { name: "GST", rate: "0.15" },
  [REGION.CA]: { name: "HST", rate: "0.13" },
} as Record<number, { name: string; rate: string }>;
const taxFor = (regionId: number) => TAX[regionId] ?? { name: "GST", rate: "0.1" };
export const pricesShownWithTax = (regionId: number) => regionId !== REGION.CA;

export interface StandInProduct {
  id: string;
  sku: string;
  name: string;
  /** Tax-exclusive unit price. */
  price: Scaled;
  version: number;
}

export interface Api2Customer {
  id: string;
  customer_code: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  date_of_birth: string | null;
  do_not_email: boolean;
  version: number;
}

export interface Api2LineItem {
  id: string;
  product_id: string;
  tax_id: string;
  quantity: number;
  price: number;
  tax: number;
  price_total: number;
  tax_total: number;
  discount: number;
  discount_total: number;
  cost: number;
  loyalty_value: number;
  price_set: boolean;
  status: string;
  sequence: number;
  is_return: boolean;
}

export interface Api2Payment {
  id: string;
  register_id: string;
  outlet_id: string;
  retailer_payment_type_id: string;
  payment_type_id: string;
  name: string;
  amount: number;
  payment_date: string;
}

export interface Api2Sale {
  id: string;
  outlet_id: string;
  register_id: string;
  user_id: string;
  customer_id: string | null;
  invoice_number: string;
  receipt_number: string;
  status: string;
  state: "parked" | "pending" | "closed" | "voided";
  note: string;
  short_code: string;
  return_for: string | null;
  created_at: string;
  updated_at: string;
  sale_date: string;
  deleted_at: null;
  total_price: number;
  total_tax: number;
  total_loyalty: number;
  line_items: Api2LineItem[];
  payments: Api2Payment[];
  taxes: { id: string; amount: number }[];
  version: number;
}

/** The demo's price of a SKU: a retail price ending in .00 shown as the region shows prices. */
export function demoPrice(sku: string, regionId: number): Scaled {
  let hash = 0;
  for (const c of sku) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const retail = scaled(59 + (hash % 40) * 10); // 59.00 … 449.00
  if (!pricesShownWithTax(regionId)) return retail;
  const one = scaled(1);
  return fiveDp((retail * one) / (one + scaled(taxFor(regionId).rate)));
}

export const stateOf = (status: string): Api2Sale["state"] =>
  status === "SAVED"
    ? "parked"
    : status === "VOIDED"
      ? "voided"
      : status === "CLOSED" || status.endsWith("_CLOSED")
        ? "closed"
        : "pending";

export interface BuiltLine {
  product: StandInProduct;
  quantity: Scaled;
  /** Tax-exclusive unit price, after the unit discount. */
  price: Scaled;
  discount: Scaled;
}

/** Line items and totals as Lightspeed works them out. */
export function priceLines(lines: BuiltLine[], regionId: number, taxId: string) {
  const rate = scaled(taxFor(regionId).rate);
  let totalPrice = 0n;
  let totalTax = 0n;
  const items: Api2LineItem[] = lines.map((line, i) => {
    const tax = fiveDp(scaledTimes(line.price, rate));
    const priceTotal = fiveDp(scaledTimes(line.price, line.quantity));
    const taxTotal = fiveDp(scaledTimes(tax, line.quantity));
    totalPrice += priceTotal;
    totalTax += taxTotal;
    return {
      id: randomUUID(),
      product_id: line.product.id,
      tax_id: taxId,
      quantity: num(line.quantity),
      price: num(line.price),
      tax: num(tax),
      price_total: num(priceTotal),
      tax_total: num(taxTotal),
      discount: num(line.discount),
      discount_total: num(fiveDp(scaledTimes(line.discount, line.quantity))),
      cost: 0,
      loyalty_value: 0,
      price_set: false,
      status: "CONFIRMED",
      sequence: i,
      is_return: line.quantity < 0n,
    };
  });
  return { items, totalPrice, totalTax };
}

/** API 1.0's "2013-01-21 22:22:02" (UTC). */
const v1Date = (iso: string) =>
  iso
    .replace("T", " ")
    .replace(/\.\d+Z$|Z$/, "")
    .replace(/\+00:00$/, "");

/** The sale.update payload: the sale as API 1.0's register_sale. */
export function registerSalePayload(
  sale: Api2Sale,
  regionId: number,
  products: Map<string, StandInProduct>,
  customer: Api2Customer | null,
): Record<string, unknown> {
  const tax = taxFor(regionId);
  const totalPaid = sale.payments.reduce((sum, p) => sum + scaled(p.amount), 0n);
  const total = scaled(sale.total_price) + scaled(sale.total_tax);
  return {
    id: sale.id,
    source: "USER",
    source_id: "",
    register_id: sale.register_id,
    outlet_id: sale.outlet_id,
    market_id: "1",
    customer_id: sale.customer_id ?? "",
    customer: customer
      ? {
          id: customer.id,
          name: `${customer.first_name} ${customer.last_name}`.trim(),
          customer_code: customer.customer_code,
          first_name: customer.first_name,
          last_name: customer.last_name,
          email: customer.email ?? "",
          phone: customer.phone ?? "",
          mobile: customer.mobile ?? "",
          date_of_birth: customer.date_of_birth ?? "",
          do_not_email: customer.do_not_email,
        }
      : null,
    user_id: sale.user_id,
    user_name: "Stand-in cashier",
    sale_date: v1Date(sale.sale_date),
    created_at: v1Date(sale.created_at),
    updated_at: v1Date(sale.updated_at),
    total_price: sale.total_price,
    total_cost: 0,
    total_tax: sale.total_tax,
    tax_name: tax.name,
    note: sale.note,
    status: sale.status,
    short_code: sale.short_code,
    invoice_number: sale.invoice_number,
    accounts_transaction_id: "",
    return_for: sale.return_for ?? "",
    version: sale.version,
    register_sale_products: sale.line_items.map((l) => {
      const product = products.get(l.product_id);
      return {
        id: l.id,
        product_id: l.product_id,
        register_id: sale.register_id,
        sequence: String(l.sequence),
        handle: product?.sku.toLowerCase() ?? "",
        sku: product?.sku ?? "",
        name: product?.name ?? "",
        quantity: l.quantity,
        price: l.price,
        cost: l.cost,
        price_set: l.price_set ? 1 : 0,
        discount: l.discount,
        loyalty_value: l.loyalty_value,
        tax: l.tax,
        tax_id: l.tax_id,
        tax_name: tax.name,
        tax_rate: Number(tax.rate),
        tax_total: l.tax_total,
        price_total: l.price_total,
        display_retail_price_tax_inclusive: pricesShownWithTax(regionId) ? "1" : "0",
        status: l.status,
        attributes: [],
      };
    }),
    totals: {
      total_tax: sale.total_tax,
      total_price: sale.total_price,
      total_payment: num(totalPaid),
      total_to_pay: num(total - totalPaid),
    },
    register_sale_payments: sale.payments.map((p) => ({
      id: p.id,
      payment_type_id: p.payment_type_id,
      register_id: p.register_id,
      retailer_payment_type_id: p.retailer_payment_type_id,
      name: p.name,
      label: p.name,
      payment_date: v1Date(p.payment_date),
      amount: p.amount,
    })),
  };
}

/** Demo customers: a fixed list (the stand-in cannot read Loupe's database). */
export const DEMO_PEOPLE = [
  ["Olivia", "Nguyen", "olivia.nguyen@example.com", "1986-04-12"],
  ["Jack", "Thompson", "jack.thompson@example.com", "1979-09-30"],
  ["Mia", "Patel", "mia.patel@example.com", null],
  ["Noah", "Williams", "noah.williams@example.com", "1992-01-05"],
  ["Charlotte", "Brown", "charlotte.brown@example.com", "1968-11-21"],
  ["Liam", "O'Connor", "liam.oconnor@example.com", null],
  ["Amelia", "Wilson", "amelia.wilson@example.com", "2001-06-17"],
  ["Lucas", "Martin", "lucas.martin@example.com", "1975-03-08"],
  ["Aroha", "Ngata", "aroha.ngata@example.com", "1990-08-24"],
  ["Ethan", "Tremblay", "ethan.tremblay@example.com", "1983-12-02"],
  ["Isla", "Roy", "isla.roy@example.com", null],
  ["Henry", "Campbell", "henry.campbell@example.com", "1958-05-29"],
] as const;

/** A mobile number as a local store would type it, for the region. */
export function demoMobile(regionId: number, index: number): string {
  const n = String(1000000 + index * 7919).slice(-6);
  if (regionId === REGION.NZ) return `021 ${n.slice(0, 3)} ${n.slice(3)}`;
  if (regionId === REGION.CA) return `(416) 55${n.slice(0, 1)}-${n.slice(2)}`;
  return `0412 ${n.slice(0, 3)} ${n.slice(3)}`;
}

/**
 * How much of the sale the webhook payload carries. `full`: the API 1.0 register_sale with a
 * version, the outlet and each line's SKU and name. `slim`: as Lightspeed has been seen to deliver
 * it (a published sample, and the 2019-10 webhook changelog): no version, no outlet, lines by
 * product id only, totals under `totals`, the payment's type named in `retailer_payment_type`,
 * the customer's names as contact_first_name/contact_last_name. `slim-versioned`: slim with a version.
 */
export type WebhookPayloadShape = "full" | "slim" | "slim-versioned";

export function shapePayload(
  full: Record<string, unknown>,
  shape: WebhookPayloadShape,
): Record<string, unknown> {
  if (shape === "full") return full;
  const { version, outlet_id: _o, total_price: _p, total_tax: _t, customer, ...rest } = full;
  const c = customer as Record<string, unknown> | null;
  return {
    ...rest,
    ...(shape === "slim-versioned" ? { version } : {}),
    customer: c && {
      id: c.id,
      customer_code: c.customer_code,
      contact_first_name: c.first_name,
      contact_last_name: c.last_name,
      email: c.email,
      mobile: c.mobile,
      date_of_birth: c.date_of_birth || null,
    },
    register_sale_products: (full.register_sale_products as Record<string, unknown>[]).map(
      ({ sku: _s, name: _n, handle: _h, tax_name: _tn, tax_rate: _tr, ...line }) => line,
    ),
    register_sale_payments: (full.register_sale_payments as Record<string, unknown>[]).map(
      ({ name, label: _l, ...payment }) => ({
        ...payment,
        retailer_payment_type: {
          id: payment.retailer_payment_type_id,
          name,
          payment_type_id: String(payment.payment_type_id),
          config: null,
        },
        payment_type: { id: String(payment.payment_type_id), name, has_native_support: false },
      }),
    ),
  };
}
