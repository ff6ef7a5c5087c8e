// Shopify's Order resource (REST Admin API, the body of the orders/* webhooks and each element of
// GET orders.json), only the fields the intake reads, and its reading into the intake port's
// IncomingSale. Shapes from shopify.dev: "Order" (admin-rest resources/order: name "#1001",
// updated_at, cancelled_at, financial_status pending|authorized|partially_paid|paid|
// partially_refunded|refunded|voided, taxes_included, location_id, source_name, customer with
// email_marketing_consent, line_items with price, discount_allocations and tax_lines, refunds with
// their transactions), all money as decimal strings in the shop's currency.
import { REGION } from "@loupe/domain";
import { z } from "zod";
import type { IncomingCustomer, IncomingLine, IncomingSale } from "./sales.port";

/** A decimal money string ("19.99", "-5.00"; a bare number is read the same) in exact minor units. */
export function moneyToMinor(value: string | number): number | null {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(String(value).trim());
  if (!m) return null;
  const fraction = (m[3] ?? "").padEnd(2, "0");
  // More than two decimals only when the extra digits are zeros ("19.990"): never round money.
  if (/[^0]/.test(fraction.slice(2))) return null;
  const minor = Number(m[2]) * 100 + Number(fraction.slice(0, 2));
  if (!Number.isSafeInteger(minor)) return null;
  return m[1] && minor !== 0 ? -minor : minor;
}

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const minor = moneyToMinor(v);
  if (minor === null) {
    ctx.addIssue({ code: "custom", message: "not an amount of money" });
    return z.NEVER;
  }
  return minor;
});
const timestamp = z.string().refine((v) => !Number.isNaN(Date.parse(v)), "not a timestamp");
// Shopify ids are integers below 2^53 in JSON; a string of digits is read the same.
const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const text = z.string().nullish();
const address = z.object({ first_name: text, last_name: text, phone: text }).nullish();

export const shopifyOrderSchema = z.object({
  id,
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  processed_at: timestamp.nullish(),
  cancelled_at: timestamp.nullish(),
  cancel_reason: text,
  financial_status: text,
  currency: z.string().regex(/^[A-Z]{3}$/),
  total_price: money,
  total_tax: money.nullish(),
  taxes_included: z.boolean(),
  location_id: id.nullish(),
  source_name: text,
  email: text,
  contact_email: text,
  phone: text,
  buyer_accepts_marketing: z.boolean().nullish(),
  billing_address: address,
  shipping_address: address,
  payment_gateway_names: z.array(z.string()).nullish(),
  total_outstanding: money.nullish(),
  customer: z
    .object({
      id,
      first_name: text,
      last_name: text,
      email: text,
      phone: text,
      accepts_marketing: z.boolean().nullish(),
      email_marketing_consent: z.object({ state: text }).nullish(),
    })
    .nullish(),
  line_items: z.array(
    z.object({
      id,
      sku: text,
      name: text,
      title: text,
      quantity: z.number().int(),
      price: money,
      total_discount: money.nullish(),
      discount_allocations: z.array(z.object({ amount: money })).nullish(),
      tax_lines: z.array(z.object({ price: money, rate: z.number().nullish() })).nullish(),
    }),
  ),
  refunds: z
    .array(
      z.object({
        id,
        created_at: timestamp,
        processed_at: timestamp.nullish(),
        note: text,
        transactions: z
          .array(z.object({ amount: money, kind: z.string(), status: text }))
          .nullish()
          .default([]),
      }),
    )
    .nullish(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Reads an order as Shopify sent it, or says which field is not Shopify's shape. */
export function parseShopifyOrder(
  json: unknown,
): { ok: true; order: ShopifyOrder } | { ok: false; problem: string } {
  const parsed = shopifyOrderSchema.safeParse(json);
  if (parsed.success) return { ok: true, order: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: `${issue.path.join(".") || "order"}: ${issue.message}` };
}

const iso = (v: string) => new Date(v).toISOString();
const clean = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** The state of the job the order makes: a cancellation voids it; money taken closes it. */
function stateOf(order: ShopifyOrder): IncomingSale["state"] {
  if (order.cancelled_at) return "voided";
  return ["paid", "partially_refunded", "refunded"].includes(order.financial_status ?? "")
    ? "closed"
    : "open";
}

/**
 * The customer as Shopify knows them. A guest checkout has no customer record but still gives its
 * e-mail, phone and the billing name: a customer with no external id, so the intake can still match
 * or create one. A POS sale with nothing at all has no customer.
 */
function customerOf(order: ShopifyOrder): IncomingCustomer | null {
  const person = order.billing_address ?? order.shipping_address;
  const c = order.customer;
  if (c) {
    const consent = c.email_marketing_consent?.state;
    return {
      externalId: c.id,
      firstName: clean(c.first_name) ?? clean(person?.first_name) ?? "",
      lastName: clean(c.last_name) ?? clean(person?.last_name) ?? "",
      email: clean(c.email) ?? clean(order.email) ?? clean(order.contact_email),
      mobile: clean(c.phone) ?? clean(order.phone) ?? clean(person?.phone),
      dateOfBirth: null,
      // Only "subscribed" is an agreement; pending (double opt-in not confirmed), unsubscribed,
      // not_subscribed, redacted and invalid are not.
      acceptsMarketing: consent ? consent === "subscribed" : (c.accepts_marketing ?? null),
    };
  }
  const guest: IncomingCustomer = {
    externalId: null,
    firstName: clean(person?.first_name) ?? "",
    lastName: clean(person?.last_name) ?? "",
    email: clean(order.email) ?? clean(order.contact_email),
    mobile: clean(order.phone) ?? clean(person?.phone),
    dateOfBirth: null,
    acceptsMarketing: order.buyer_accepts_marketing ?? null,
  };
  return guest.email || guest.mobile || guest.firstName || guest.lastName ? guest : null;
}

/** Whether the region's prices count tax in (AU, NZ) or add it on top (CA). */
export const regionPricesIncludeTax = (regionId: number) => regionId !== REGION.CA;

/**
 * One line item as the region counts tax. Shopify's `price` is per unit and includes tax exactly
 * when the order's `taxes_included` is true; `tax_lines` hold the line's tax after its discounts.
 * When the order and the region agree the amounts pass through; when they differ, the line's total
 * is converted exactly (adding or taking off its tax) and the unit price by the tax rate, with the
 * rounding cent carried in the discount so that total = unit × quantity − discount still holds.
 */
function lineOf(
  line: ShopifyOrder["line_items"][number],
  taxesIncluded: boolean,
  wantIncluded: boolean,
): IncomingLine {
  const allocations = line.discount_allocations ?? [];
  const discount = allocations.length
    ? allocations.reduce((s, a) => s + a.amount, 0)
    : (line.total_discount ?? 0);
  const taxLines = line.tax_lines ?? [];
  const tax = taxLines.reduce((s, t) => s + t.price, 0);
  const base = {
    externalId: line.id,
    sku: clean(line.sku),
    name: clean(line.name) ?? clean(line.title) ?? clean(line.sku) ?? "Item",
    quantity: line.quantity,
    taxMinor: tax,
  };
  const gross = line.price * line.quantity - discount;
  if (taxesIncluded === wantIncluded)
    return { ...base, unitPriceMinor: line.price, discountMinor: discount, totalMinor: gross };
  const total = wantIncluded ? gross + tax : gross - tax;
  const stated = taxLines.reduce((s, t) => s + (t.rate ?? 0), 0);
  // Without a stated rate, the rate the line's own amounts show.
  const beforeTax = taxesIncluded ? gross - tax : gross;
  const rate = stated > 0 ? stated : beforeTax !== 0 ? tax / beforeTax : 0;
  let unit = Math.round(wantIncluded ? line.price * (1 + rate) : line.price / (1 + rate));
  if (line.quantity > 0 && unit * line.quantity < total) unit = Math.ceil(total / line.quantity);
  return { ...base, unitPriceMinor: unit, discountMinor: unit * line.quantity - total, totalMinor: total };
}

/**
 * The order as one sale at one version. Payments: the REST order carries no transactions (they are
 * a separate endpoint, and a webhook must be read without a call back), so money taken is read from
 * the order itself: once Shopify says it is paid (paid, partially_refunded, refunded), one payment
 * of the order's total through its gateway, keyed by the order so that webhook and sync agree.
 * Money given back is in `refunds` (each refund once, its successful refund transactions summed).
 */
export function saleOfOrder(order: ShopifyOrder, store: { key: string; regionId: number }): IncomingSale {
  const wantIncluded = regionPricesIncludeTax(store.regionId);
  const paid = ["paid", "partially_refunded", "refunded"].includes(order.financial_status ?? "");
  return {
    source: "shopify",
    storeKey: store.key,
    regionId: store.regionId,
    externalId: order.id,
    version: String(Date.parse(order.updated_at)),
    invoiceNumber: order.name.replace(/^#/, "").trim(),
    // Shopify POS sells at a counter, at the location the order names: a counter sale. Every
    // other source (web, draft orders, the shop app, sales channels) is online (channel_id 4).
    channel: order.source_name === "pos" ? "pos" : "online",
    externalOutletId: order.location_id ?? null,
    baseUrl: null,
    createdAt: iso(order.created_at),
    state: stateOf(order),
    returnFor: null,
    customer: customerOf(order),
    lines: order.line_items.map((l) => lineOf(l, order.taxes_included, wantIncluded)),
    payments: paid
      ? [
          {
            externalId: `${order.id}:paid`,
            tender: order.payment_gateway_names?.[0] ?? "shopify",
            amountMinor: order.total_price,
            paidAt: iso(order.processed_at ?? order.created_at),
          },
        ]
      : [],
    refunds: (order.refunds ?? []).flatMap((r) => {
      const amount = (r.transactions ?? [])
        .filter((t) => t.kind === "refund" && (t.status ?? "success") === "success")
        .reduce((s, t) => s + t.amount, 0);
      // A refund that only restocked gives no money back: nothing to record as a refund.
      return amount === 0
        ? []
        : [
            {
              externalId: r.id,
              amountMinor: amount,
              at: iso(r.processed_at ?? r.created_at),
              reason: clean(r.note),
            },
          ];
    }),
    totalMinor: order.total_price,
    taxMinor: order.total_tax ?? 0,
    currency: order.currency,
  };
}
