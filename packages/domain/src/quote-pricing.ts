// Pricing a quote or a counter job (issue 44, ADR 0058): line totals, line discounts within the
// role's limit, and the outlet's tax by the product's tax class.
//
// Where the tax sits: AU (GST 10%) and NZ (GST 15%) prices include it; CA prices are before tax and
// the province's taxes (CA_SALES_TAX: GST, HST, PST, QST, RST) are added on top.
//
// Tax classes (region_products.tax_class):
// - standard: every tax of the outlet;
// - health: prescription eyewear and eye-care services. CA: zero-rated for GST/HST and QST (Excise
//   Tax Act Sch. VI Part II; the QST follows it) and exempt from the provinces' PST/RST, so no tax.
//   AU: optometry services (kind "service") are GST-free; frames, lenses and contact lenses carry
//   GST as standard. NZ: GST on everything (15%);
// - exempt: no tax anywhere.
//
// Rounding: the invoice's tax per tax name is worked out once on the lines' exact amounts summed
// and rounded half up to the cent (the figure a tax invoice must state, and what the receipt's
// `includedTax` computes from the total); it is then shared out over the lines by largest
// remainder, so the lines' cents add up to it exactly. Rounding each line and adding them up
// instead drifts a cent or more from the tax on the total on a basket of many lines, and the
// receipt printed from the same job would then disagree with the quote.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { CA_SALES_TAX, type ReceiptTaxRate } from "./receipt-tax";

// The catalogue's tax classes and product kinds (region_products.tax_class, .kind), as pricing reads them.
export type PricingTaxClass = "standard" | "health" | "exempt";
export type PricingKind = "frame" | "lens" | "contact_lens" | "service" | "addon";

export interface TaxPlace {
  countryCode: string;
  /** The outlet's province (CA); ignored elsewhere. */
  province?: string | null;
}

/** Whether the outlet's prices include its tax (AU, NZ) or have it added on top (CA). */
export const taxIncluded = (place: TaxPlace) => place.countryCode !== "CA";

/** Every tax the outlet charges on a standard-class item. */
export function outletTaxRates(place: TaxPlace): ReceiptTaxRate[] {
  if (place.countryCode === "CA")
    return CA_SALES_TAX[(place.province ?? "ON").toUpperCase()] ?? CA_SALES_TAX.ON;
  if (place.countryCode === "NZ") return [{ name: "GST", rate: 0.15 }];
  return [{ name: "GST", rate: 0.1 }];
}

/** The taxes that apply to one item at the outlet, by its tax class and kind. */
export function lineTaxRates(
  place: TaxPlace,
  taxClass: PricingTaxClass,
  kind: PricingKind | null,
): ReceiptTaxRate[] {
  if (taxClass === "exempt") return [];
  const rates = outletTaxRates(place);
  if (taxClass === "standard") return rates;
  if (place.countryCode === "CA") return [];
  if (place.countryCode === "AU") return kind === "service" ? [] : rates;
  return rates;
}

/** A line discount as entered: `amount_minor` off the line, or `percent` of it, by `kind`. */
export interface LineDiscountInput {
  kind: "amount" | "percent";
  amount_minor?: number;
  percent?: number;
}

export interface PriceLineInput {
  unitPriceMinor: number;
  quantity: number;
  discount?: LineDiscountInput | null;
  taxClass: PricingTaxClass;
  kind: PricingKind | null;
}

export interface PricedTax {
  name: string;
  rate: number;
  amountMinor: number;
}

export interface PricedLine {
  grossMinor: number;
  discountMinor: number;
  /** What the line charges before tax added on top: gross less discount (tax included in AU/NZ). */
  netMinor: number;
  /** The line's share of each tax. */
  taxes: PricedTax[];
  taxMinor: number;
  /** What the customer pays for the line: net, plus the taxes in CA. */
  totalMinor: number;
}

export interface PricedQuote {
  lines: PricedLine[];
  subtotalMinor: number;
  discountMinor: number;
  taxes: PricedTax[];
  taxMinor: number;
  totalMinor: number;
  taxIncluded: boolean;
}

export const QUOTE_PRICING_MESSAGES = {
  discountAboveLine: "The discount cannot be more than the line's price.",
  percentRange: "The discount percent must be between 0 and 100.",
  amountRequired: "The discount amount is required for an amount discount.",
  percentRequired: "The discount percent is required for a percent discount.",
} as const;

/** The discount of one line in minor units: an amount as given, a percent of the line rounded half up. */
export function lineDiscountMinor(
  grossMinor: number,
  discount: LineDiscountInput | null | undefined,
): number {
  if (!discount) return 0;
  if (discount.kind === "amount") return discount.amount_minor ?? 0;
  return Math.round((grossMinor * (discount.percent ?? 0)) / 100);
}

/** What is wrong with a line's discount (field → message), before any approval is asked. */
export function lineDiscountErrors(input: PriceLineInput): Record<string, string> {
  const gross = input.unitPriceMinor * input.quantity;
  const d = input.discount;
  if (!d) return {};
  if (d.kind === "percent" && d.percent === undefined)
    return { "discount.percent": QUOTE_PRICING_MESSAGES.percentRequired };
  if (d.kind === "amount" && d.amount_minor === undefined)
    return { "discount.amount_minor": QUOTE_PRICING_MESSAGES.amountRequired };
  if (d.kind === "percent" && (d.percent! < 0 || d.percent! > 100))
    return { "discount.percent": QUOTE_PRICING_MESSAGES.percentRange };
  if (d.kind === "amount" && d.amount_minor! > gross)
    return { "discount.amount_minor": QUOTE_PRICING_MESSAGES.discountAboveLine };
  return {};
}

/**
 * Splits `total` (whole cents) over shares whose exact amounts are `exact`: each gets its floor, and
 * the cents left over go to the largest remainders (ties to the earlier line), so they add up.
 */
export function shareByLargestRemainder(total: number, exact: readonly number[]): number[] {
  const floors = exact.map((x) => Math.floor(x));
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rem: x - Math.floor(x) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  const out = [...floors];
  // `left` is within 0..n for shares of a total rounded from their sum; a negative one (never, for
  // non-negative amounts) takes back from the smallest remainders.
  for (let k = 0; left > 0 && order.length; k = (k + 1) % order.length, left--) out[order[k].i] += 1;
  for (let k = order.length - 1; left < 0 && order.length; k = (k - 1 + order.length) % order.length, left++)
    out[order[k].i] -= 1;
  return out;
}

/** Half up to the cent, for amounts that are never negative here; a hair of float error is not a cent. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

/** Prices every line and the whole: discounts, each tax shared over the lines so the lines add up. */
export function priceQuote(place: TaxPlace, inputs: readonly PriceLineInput[]): PricedQuote {
  const included = taxIncluded(place);
  const base = inputs.map((l) => {
    const grossMinor = l.unitPriceMinor * l.quantity;
    const discountMinor = Math.min(grossMinor, lineDiscountMinor(grossMinor, l.discount));
    return {
      grossMinor,
      discountMinor,
      netMinor: grossMinor - discountMinor,
      rates: lineTaxRates(place, l.taxClass, l.kind),
    };
  });
  // Every tax name the basket meets, in the outlet's order.
  const names = outletTaxRates(place);
  const lineTaxes: PricedTax[][] = base.map(() => []);
  const taxes: PricedTax[] = [];
  for (const { name, rate } of names) {
    const exact = base.map((b) => {
      if (!b.rates.some((r) => r.name === name)) return 0;
      if (!included) return b.netMinor * rate;
      // Inside a tax-inclusive price: this rate's part of it, over all the rates that apply.
      const sum = b.rates.reduce((n, r) => n + r.rate, 0);
      return (b.netMinor / (1 + sum)) * rate;
    });
    if (!base.some((b) => b.rates.some((r) => r.name === name))) continue;
    const total = roundHalfUp(exact.reduce((a, b) => a + b, 0));
    const shares = shareByLargestRemainder(total, exact);
    taxes.push({ name, rate, amountMinor: total });
    shares.forEach((amountMinor, i) => {
      if (base[i].rates.some((r) => r.name === name)) lineTaxes[i].push({ name, rate, amountMinor });
    });
  }
  const lines: PricedLine[] = base.map((b, i) => {
    const taxMinor = lineTaxes[i].reduce((n, t) => n + t.amountMinor, 0);
    return {
      grossMinor: b.grossMinor,
      discountMinor: b.discountMinor,
      netMinor: b.netMinor,
      taxes: lineTaxes[i],
      taxMinor,
      totalMinor: included ? b.netMinor : b.netMinor + taxMinor,
    };
  });
  const sum = (f: (l: PricedLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    lines,
    subtotalMinor: sum((l) => l.grossMinor),
    discountMinor: sum((l) => l.discountMinor),
    taxes,
    taxMinor: taxes.reduce((n, t) => n + t.amountMinor, 0),
    totalMinor: sum((l) => l.totalMinor),
    taxIncluded: included,
  };
}

// ---------------------------------------------------------------------------------------------
// Discount limits per role, and the quote's settings

/** The most a role may take off a line without a manager, in percent of the line; null = no limit. */
export interface DiscountLimits {
  staffPercent: number;
  managerPercent: number;
}

export const DEFAULT_DISCOUNT_LIMITS: DiscountLimits = { staffPercent: 10, managerPercent: 30 };
export const DEFAULT_QUOTE_EXPIRY_DAYS = 30;

export function discountLimitPercent(limits: DiscountLimits, roleId: number): number | null {
  if (roleId === ADMIN_ROLE_ID) return null;
  if (roleId === MANAGER_ROLE_ID) return limits.managerPercent;
  if (roleId === STAFF_ROLE_ID) return limits.staffPercent;
  return 0;
}

/**
 * Whether a line's discount needs a manager's approval for this role: above the role's percent of
 * the line's gross (compared in cents, so 10% of $99.95 allows $9.995 → $10.00 is over by nothing).
 */
export function discountNeedsApproval(
  limits: DiscountLimits,
  roleId: number,
  grossMinor: number,
  discountMinor: number,
): boolean {
  const limit = discountLimitPercent(limits, roleId);
  if (limit === null || discountMinor <= 0) return false;
  return discountMinor * 100 > grossMinor * limit;
}

/** "Q-000123": a quote's reference on the screen and the PDF. */
export const quoteReference = (id: number) => `Q-${String(id).padStart(6, "0")}`;

/** The spec's invoice number shape: the outlet's abbreviation and six digits or more ("ABC-123456"). */
export const invoiceNumber = (abbreviation: string, n: number) =>
  `${abbreviation.toUpperCase()}-${String(n).padStart(6, "0")}`;
