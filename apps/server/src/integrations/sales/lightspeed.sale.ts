// Lightspeed Retail X-Series sales on the wire, and how one becomes an IncomingSale.
//
// Two shapes carry a sale (shapes from https://x-series-api.lightspeedhq.com, "Sales", "Statuses",
// "Webhooks", and the 2.0 sale of its API reference):
// - API 2.0 (`GET /api/2.0/sales`): `line_items` [{id, product_id, quantity, price, tax,
//   price_total, tax_total, discount}], `payments` [{id, name, amount, payment_date}], and only a
//   `customer_id`; the adapter looks products (for SKUs) and customers up.
// - The `sale.update` webhook's payload, which the webhook guide says is the API 1.0 object
//   (`register_sale`): `register_sale_products` with `sku` and `name` beside each line,
//   `register_sale_payments` [{id, name, label, amount, payment_date}] and the `customer` embedded.
// Prices in both are tax exclusive with the tax beside them; dates are UTC.
import { defaultCurrencyForCountry, REGION } from "@loupe/domain";
import { z } from "zod";
import { type Scaled, scaledRatio, scaledTimes, scaledToMinor, toScaled } from "./lightspeed.money";
import {
  type IncomingCustomer,
  type IncomingLine,
  type IncomingPayment,
  type IncomingSale,
  SaleDeliveryError,
} from "./sales.port";

const money = z.union([z.number(), z.string()]);
const id = z.string().min(1);
const optionalText = z.union([z.string(), z.number()]).nullish();
const version = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

export const customerSchema = z.looseObject({
  id,
  customer_code: optionalText,
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  mobile: z.string().nullish(),
  phone: z.string().nullish(),
  date_of_birth: z.string().nullish(),
  do_not_email: z.boolean().nullish(),
  // The webhook's embedded customer has carried the names as contact_first_name/contact_last_name.
  contact_first_name: z.string().nullish(),
  contact_last_name: z.string().nullish(),
});
export type LightspeedCustomer = z.infer<typeof customerSchema>;

export const productSchema = z.looseObject({ id, sku: optionalText, name: z.string().nullish() });
export type LightspeedProduct = z.infer<typeof productSchema>;

const saleFields = {
  id,
  outlet_id: z.string().nullish(),
  register_id: z.string().nullish(),
  customer_id: z.string().nullish(),
  invoice_number: optionalText,
  status: z.string().min(1),
  return_for: z.string().nullish(),
  sale_date: z.string().nullish(),
  created_at: z.string().nullish(),
  total_price: money,
  total_tax: money,
  version,
};
const lineFields = {
  id,
  product_id: z.string().nullish(),
  quantity: money,
  price: money,
  tax: money.nullish(),
  price_total: money.nullish(),
  tax_total: money.nullish(),
  discount: money.nullish(),
};
const paymentFields = {
  id,
  name: z.string().nullish(),
  amount: money,
  payment_date: z.string().nullish(),
  deleted_at: z.string().nullish(),
};

/** A sale of `GET /api/2.0/sales`. */
export const api2SaleSchema = z.looseObject({
  ...saleFields,
  line_items: z.array(z.looseObject(lineFields)).default([]),
  payments: z.array(z.looseObject(paymentFields)).default([]),
});
export type Api2Sale = z.infer<typeof api2SaleSchema>;

const named = z.looseObject({ name: z.string().nullish() }).nullish();

/**
 * The `sale.update` webhook's payload (API 1.0 register_sale). As delivered (a published sample and
 * the 2019-10 webhook changelog) it may lack `version`, `outlet_id` and the lines' `sku`/`name`,
 * keep the totals in `totals`, and name a payment's type only in `retailer_payment_type`.
 */
export const registerSaleSchema = z.looseObject({
  ...saleFields,
  version: version.nullish(),
  total_price: money.nullish(),
  total_tax: money.nullish(),
  totals: z.looseObject({ total_price: money.nullish(), total_tax: money.nullish() }).nullish(),
  customer: customerSchema.nullish(),
  register_sale_products: z
    .array(z.looseObject({ ...lineFields, sku: optionalText, name: z.string().nullish() }))
    .default([]),
  register_sale_payments: z
    .array(
      z.looseObject({
        ...paymentFields,
        label: z.string().nullish(),
        retailer_payment_type: named,
        payment_type: named,
      }),
    )
    .default([]),
});
export type RegisterSale = z.infer<typeof registerSaleSchema>;

/** The store a sale came from, as the mapping needs it. */
export interface SaleStoreFacts {
  key: string;
  regionId: number;
  baseUrl: string;
}

const blank = (value: string | number | null | undefined): string | null => {
  const text = value == null ? "" : String(value).trim();
  return text === "" ? null : text;
};

function amount(value: number | string | null | undefined, field: string, fallback?: Scaled): Scaled {
  if (value == null || value === "") {
    if (fallback !== undefined) return fallback;
    throw new SaleDeliveryError("shape", `${field} is missing`);
  }
  const scaled = toScaled(value);
  if (scaled === null) throw new SaleDeliveryError("shape", `${field} is not a decimal amount`);
  return scaled;
}

/** Lightspeed's UTC times: ISO 8601, or API 1.0's "2013-01-21 22:22:02" without a zone. */
function utcIso(value: string | null | undefined, field: string): string | null {
  const text = blank(value);
  if (!text) return null;
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text.replace(" ", "T")}Z`;
  const at = new Date(zoned);
  if (Number.isNaN(at.getTime())) throw new SaleDeliveryError("shape", `${field} is not a date`);
  return at.toISOString();
}

/** The sale's lifecycle as the port knows it; null: a parked sale (SAVED), not a sale yet. */
export function saleState(status: string): IncomingSale["state"] | null {
  const s = status.trim().toUpperCase();
  if (s === "SAVED") return null;
  if (s === "VOIDED") return "voided";
  if (s === "CLOSED" || s.endsWith("_CLOSED")) return "closed";
  // ONACCOUNT, LAYBY, AWAITING_DISPATCH, AWAITING_PICKUP, SERVICE, OPEN: sold, not yet paid or handed over.
  return "open";
}

/** AU, NZ (and the AU head office) show prices with tax; Canada before tax. */
export const pricesIncludeTax = (regionId: number): boolean => regionId !== REGION.CA;

const currencyFor = (regionId: number) =>
  defaultCurrencyForCountry(regionId === REGION.CA ? "CA" : regionId === REGION.NZ ? "NZ" : "AU");

export function toIncomingCustomer(
  customerId: string | null | undefined,
  customer: LightspeedCustomer | null | undefined,
): IncomingCustomer | null {
  const externalId = blank(customerId) ?? blank(customer?.id);
  // Lightspeed's walk-in is a customer of its own (code WALKIN): a sale to nobody in particular.
  if (!externalId || String(customer?.customer_code ?? "").toUpperCase() === "WALKIN") return null;
  let firstName = blank(customer?.first_name) ?? blank(customer?.contact_first_name) ?? "";
  let lastName = blank(customer?.last_name) ?? blank(customer?.contact_last_name) ?? "";
  if (!firstName && !lastName && customer?.name) {
    const parts = customer.name.trim().split(/\s+/);
    lastName = parts.length > 1 ? (parts.pop() ?? "") : "";
    firstName = parts.join(" ");
  }
  const dob = blank(customer?.date_of_birth)?.slice(0, 10) ?? null;
  return {
    externalId,
    firstName,
    lastName,
    email: blank(customer?.email),
    mobile: blank(customer?.mobile) ?? blank(customer?.phone),
    dateOfBirth: dob && /^\d{4}-\d{2}-\d{2}$/.test(dob) && !dob.startsWith("0000") ? dob : null,
    acceptsMarketing: typeof customer?.do_not_email === "boolean" ? !customer.do_not_email : null,
  };
}

interface WireLine {
  id: string;
  sku: string | null;
  name: string;
  quantity: number | string;
  price: number | string;
  tax?: number | string | null;
  price_total?: number | string | null;
  tax_total?: number | string | null;
  discount?: number | string | null;
}

function toIncomingLine(line: WireLine, index: number, inclusive: boolean): IncomingLine {
  const at = `line ${index + 1}`;
  const quantity = amount(line.quantity, `${at} quantity`);
  const price = amount(line.price, `${at} price`);
  const tax = amount(line.tax, `${at} tax`, 0n);
  const priceTotal = amount(line.price_total, `${at} price_total`, scaledTimes(price, quantity));
  const taxTotal = amount(line.tax_total, `${at} tax_total`, scaledTimes(tax, quantity));
  const discount = scaledTimes(amount(line.discount, `${at} discount`, 0n), quantity);
  return {
    externalId: line.id,
    sku: line.sku,
    name: line.name,
    quantity: Number(line.quantity),
    unitPriceMinor: scaledToMinor(inclusive ? price + tax : price),
    // The discount is tax exclusive like the price; with tax shown it carries the line's rate.
    discountMinor: scaledToMinor(
      inclusive && price !== 0n ? scaledRatio(discount, price + tax, price) : discount,
    ),
    totalMinor: scaledToMinor(inclusive ? priceTotal + taxTotal : priceTotal),
    taxMinor: scaledToMinor(taxTotal),
  };
}

interface WirePayment {
  id: string;
  name?: string | null;
  label?: string | null;
  retailer_payment_type?: { name?: string | null } | null;
  payment_type?: { name?: string | null } | null;
  amount: number | string;
  payment_date?: string | null;
  deleted_at?: string | null;
}

function toIncomingPayments(payments: WirePayment[], saleDate: string): IncomingPayment[] {
  return payments
    .filter((p) => !blank(p.deleted_at))
    .map((p, i) => ({
      externalId: p.id,
      tender:
        blank(p.name) ??
        blank(p.label) ??
        blank(p.retailer_payment_type?.name) ??
        blank(p.payment_type?.name) ??
        "Unknown",
      amountMinor: scaledToMinor(amount(p.amount, `payment ${i + 1} amount`)),
      paidAt: utcIso(p.payment_date, `payment ${i + 1} payment_date`) ?? saleDate,
    }));
}

interface WireSale {
  sale: z.infer<z.ZodObject<typeof saleFields>>;
  customer: IncomingCustomer | null;
  lines: WireLine[];
  payments: Parameters<typeof toIncomingPayments>[0];
}

function toIncomingSale(wire: WireSale, store: SaleStoreFacts): IncomingSale | null {
  const { sale } = wire;
  const state = saleState(sale.status);
  if (!state) return null;
  const inclusive = pricesIncludeTax(store.regionId);
  const createdAt =
    utcIso(sale.sale_date, "sale_date") ?? utcIso(sale.created_at, "created_at") ?? new Date(0).toISOString();
  const totalPrice = amount(sale.total_price, "total_price");
  const totalTax = amount(sale.total_tax, "total_tax");
  return {
    source: "lightspeed",
    storeKey: store.key,
    regionId: store.regionId,
    externalId: sale.id,
    version: String(sale.version),
    invoiceNumber: blank(sale.invoice_number) ?? "",
    channel: "pos",
    externalOutletId: blank(sale.outlet_id),
    baseUrl: store.baseUrl,
    createdAt,
    state,
    returnFor: blank(sale.return_for),
    customer: wire.customer,
    lines: wire.lines.map((line, i) => toIncomingLine(line, i, inclusive)),
    payments: toIncomingPayments(wire.payments, createdAt),
    refunds: [],
    // What the customer is charged, tax included in every region (the payments add up to it).
    totalMinor: scaledToMinor(totalPrice + totalTax),
    taxMinor: scaledToMinor(totalTax),
    currency: currencyFor(store.regionId),
  };
}

/** What the adapter has learnt from its sync, for webhooks that name things by id only. */
export interface KnownFromSync {
  product(id: string): LightspeedProduct | null | undefined;
  outletOfRegister(registerId: string): string | undefined;
}

/** A webhook's sale, none (parked), or why the payload alone cannot make it (the sync will). */
export type RegisterSaleReading = { sale: IncomingSale | null } | { incomplete: string };

export function fromRegisterSale(
  sale: RegisterSale,
  store: SaleStoreFacts,
  known: KnownFromSync,
): RegisterSaleReading {
  if (saleState(sale.status) === null) return { sale: null };
  if (sale.version == null) return { incomplete: "the payload has no version" };
  const outletId =
    blank(sale.outlet_id) ?? (sale.register_id ? known.outletOfRegister(sale.register_id) : undefined);
  if (!outletId) return { incomplete: `register ${sale.register_id ?? "(none)"} is not known yet` };
  const lines: WireLine[] = [];
  for (const l of sale.register_sale_products) {
    const product = l.product_id ? known.product(l.product_id) : null;
    const sku = blank(l.sku) ?? blank(product?.sku);
    if (!sku && l.product_id && product === undefined)
      return { incomplete: `product ${l.product_id} is not known yet` };
    lines.push({ ...l, sku, name: blank(l.name) ?? blank(product?.name) ?? "Unnamed product" });
  }
  const reading = toIncomingSale(
    {
      sale: {
        ...sale,
        version: sale.version,
        outlet_id: outletId,
        total_price: sale.total_price ?? sale.totals?.total_price ?? "",
        total_tax: sale.total_tax ?? sale.totals?.total_tax ?? "",
      },
      customer: toIncomingCustomer(sale.customer_id, sale.customer),
      lines,
      payments: sale.register_sale_payments,
    },
    store,
  );
  return { sale: reading };
}

/** An API 2.0 sale with its products and customer looked up; null when it is parked (SAVED). */
export function fromApi2Sale(
  sale: Api2Sale,
  store: SaleStoreFacts,
  products: Map<string, LightspeedProduct | null>,
  customer: LightspeedCustomer | null | undefined,
): IncomingSale | null {
  return toIncomingSale(
    {
      sale,
      customer: toIncomingCustomer(sale.customer_id, customer),
      lines: sale.line_items.map((l) => {
        const product = l.product_id ? products.get(l.product_id) : null;
        return {
          ...l,
          sku: blank(product?.sku),
          name:
            blank(product?.name) ?? (l.product_id ? `Unknown product ${l.product_id}` : "Unnamed product"),
        };
      }),
      payments: sale.payments,
    },
    store,
  );
}

/** One zod failure as a sentence naming the field. */
export function shapeMessage(error: z.ZodError, what: string): string {
  const issue = error.issues[0];
  return `${what}: ${issue?.path.join(".") || "(root)"} ${issue?.message ?? "is not readable"}`;
}
