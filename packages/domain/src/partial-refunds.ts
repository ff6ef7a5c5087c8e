// Partial refunds (issue 30, ADR 0033): what is left to refund of a job, per item and per payment,
// and what one refund request returns and where. The form and the server both ask `quoteRefund`,
// so the amount the form shows is the amount the server claims, to the cent.

import { REFUNDED_QUANTITY } from "./constants";
import { includedTax, type ReceiptTaxRate } from "./receipt-tax";

export const PARTIAL_REFUND_MESSAGES = {
  nothingChosen: "Choose the items returned or enter an amount to refund.",
  unknownItem: "This item is not part of the job.",
  itemRefunded: "This item is already refunded.",
  tooMany: (left: number) => `Only ${left} of this item ${left === 1 ? "is" : "are"} left to refund.`,
  quantity: "The quantity must be a whole number of at least 1.",
  amount: "The amount must be more than zero, in cents.",
  tooMuch: (left: string) => `The refund would return more than is left to refund (${left}).`,
  tooMuchCard: (left: string) =>
    `The card payments have ${left} left to refund; return the rest at the till.`,
  noCard: "This job has no card payment to refund to: return the money at the till.",
  voidOnly:
    "This job's payment is only held, or it was paid today at the till: void it in full instead of a partial refund.",
  destination: "Choose where the money goes back: the card payments or the till.",
} as const;

export type RefundDestination = "card" | "till";

export interface QuoteItem {
  id: number;
  /** As stored: the quantity sold, or −1 once the item is refunded in full (jobs-area §9). */
  quantity: number;
  /** The line's price for all its units after the item's discount, tax included. */
  totalAmountMinor: number;
  taxable: boolean;
}

export interface QuotePayment {
  id: number;
  amountMinor: number;
  /** Taken through the card gateway (it has a PaymentIntent): a card refund goes back to it. */
  card: boolean;
  /** A card hold not yet captured: nothing to partly refund. */
  authorisedOnly: boolean;
  createdAt: Date;
}

/** A refund that has not failed (pending, done, or stopped part-way through its split). */
export interface QuoteRefund {
  amountMinor: number;
  lines: readonly { itemId: number; quantity: number; amountMinor: number }[];
  /** What went (or is going) back to each card payment; till money has no payment. */
  splits: readonly { paymentId: number | null; amountMinor: number }[];
}

export interface QuoteFacts {
  items: readonly QuoteItem[];
  /** Order-level coupons, in minor units: shared over the items by their totals. */
  couponMinor: number;
  payments: readonly QuotePayment[];
  refunds: readonly QuoteRefund[];
  /** The job's refund state says void (held card, or a point-of-sale sale paid today). */
  voidOnly: boolean;
}

export interface RefundableItem {
  id: number;
  /** Units sold. */
  quantity: number;
  refundedQuantity: number;
  /** Units still refundable. */
  remainingQuantity: number;
  /** What refunding every remaining unit returns. */
  remainingMinor: number;
  taxable: boolean;
}

export interface RefundablePayment {
  id: number;
  card: boolean;
  capturedMinor: number;
  refundedMinor: number;
  remainingMinor: number;
  createdAt: Date;
}

export interface Refundable {
  paidMinor: number;
  refundedMinor: number;
  /** What may still be returned, whatever the items: payments less refunds not failed. */
  remainingMinor: number;
  /** Card payments in the order a card refund is split across them (the order they were taken). */
  cardRemainingMinor: number;
  items: RefundableItem[];
  payments: RefundablePayment[];
}

/**
 * Each item's value: its total less its share of the order's coupons, shared in proportion to the
 * totals with the last item taking the rounding, so the values add up to what the job cost.
 */
function itemValues(items: readonly QuoteItem[], couponMinor: number): Map<number, number> {
  const sum = items.reduce((n, i) => n + i.totalAmountMinor, 0);
  const values = new Map<number, number>();
  let given = 0;
  items.forEach((item, index) => {
    const share =
      index === items.length - 1
        ? couponMinor - given
        : Math.round((couponMinor * item.totalAmountMinor) / (sum || 1));
    given += share;
    values.set(item.id, Math.max(0, item.totalAmountMinor - share));
  });
  return values;
}

/**
 * Units r+1…r+k of a line of q units worth `value`: cumulative rounding, so refunding every unit
 * one at a time returns exactly the line's value, never a cent more or less.
 */
export const unitsValue = (value: number, q: number, r: number, k: number) =>
  Math.floor((value * (r + k)) / q) - Math.floor((value * r) / q);

export function refundable(f: QuoteFacts): Refundable {
  const values = itemValues(f.items, f.couponMinor);
  const refundedUnits = new Map<number, number>();
  for (const r of f.refunds)
    for (const l of r.lines) refundedUnits.set(l.itemId, (refundedUnits.get(l.itemId) ?? 0) + l.quantity);
  const items = f.items.map((i): RefundableItem => {
    const refundedQuantity = refundedUnits.get(i.id) ?? 0;
    // A −1 item refunded by the full refund of before (no lines) counts as one unit, all refunded.
    const quantity =
      i.quantity === REFUNDED_QUANTITY ? Math.max(1, refundedQuantity) : Math.max(1, i.quantity);
    const remainingQuantity = i.quantity === REFUNDED_QUANTITY ? 0 : Math.max(0, quantity - refundedQuantity);
    const value = values.get(i.id) ?? 0;
    return {
      id: i.id,
      quantity,
      refundedQuantity: quantity - remainingQuantity,
      remainingQuantity,
      remainingMinor: unitsValue(value, quantity, quantity - remainingQuantity, remainingQuantity),
      taxable: i.taxable,
    };
  });
  const toPayment = new Map<number, number>();
  for (const r of f.refunds)
    for (const s of r.splits)
      if (s.paymentId !== null) toPayment.set(s.paymentId, (toPayment.get(s.paymentId) ?? 0) + s.amountMinor);
  const payments = [...f.payments]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    .map((p): RefundablePayment => {
      const refundedMinor = toPayment.get(p.id) ?? 0;
      return {
        id: p.id,
        card: p.card && !p.authorisedOnly,
        capturedMinor: p.authorisedOnly ? 0 : p.amountMinor,
        refundedMinor,
        remainingMinor: p.authorisedOnly ? 0 : Math.max(0, p.amountMinor - refundedMinor),
        createdAt: p.createdAt,
      };
    });
  const paidMinor = f.payments.reduce((n, p) => n + p.amountMinor, 0);
  const refundedMinor = f.refunds.reduce((n, r) => n + r.amountMinor, 0);
  const remainingMinor = Math.max(0, paidMinor - refundedMinor);
  const cardRemainingMinor = Math.min(
    remainingMinor,
    payments.filter((p) => p.card).reduce((n, p) => n + p.remainingMinor, 0),
  );
  return { paidMinor, refundedMinor, remainingMinor, cardRemainingMinor, items, payments };
}

export interface RefundRequest {
  items: readonly { id: number; quantity: number }[];
  /** An amount instead of (or overriding) the chosen items' value: a remake at a discount, a loyalty adjustment. */
  amountMinor?: number | null;
  destination: RefundDestination;
}

export interface RefundQuote {
  amountMinor: number;
  lines: { itemId: number; quantity: number; amountMinor: number }[];
  /** Card payments first to last as they were taken, each up to what it has left; till: one split with no payment. */
  splits: { paymentId: number | null; amountMinor: number }[];
  /** The items that are refunded in full once this refund is done (they show Refunded, quantity −1). */
  itemsRefundedInFull: number[];
  /** The job has nothing left to refund afterwards: it becomes Refunded. */
  completesJob: boolean;
}

export type QuoteResult = { ok: true; quote: RefundQuote } | { ok: false; errors: Record<string, string[]> };

/**
 * One refund request, checked and priced: the items' value (or the amount given), never more than
 * is left, split across the card payments in the order they were taken or returned at the till.
 * Error keys name the request's fields (`items.0.quantity`, `amount`, `destination`).
 */
export function quoteRefund(
  f: QuoteFacts,
  req: RefundRequest,
  formatMinor: (minor: number) => string = (m) => (m / 100).toFixed(2),
): QuoteResult {
  const errors: Record<string, string[]> = {};
  const add = (k: string, m: string): false => {
    errors[k] = [...(errors[k] ?? []), m];
    return false;
  };
  if (f.voidOnly) return { ok: false, errors: { items: [PARTIAL_REFUND_MESSAGES.voidOnly] } };
  const state = refundable(f);
  if (!req.items.length && (req.amountMinor === undefined || req.amountMinor === null))
    add("items", PARTIAL_REFUND_MESSAGES.nothingChosen);
  if (req.destination !== "card" && req.destination !== "till")
    add("destination", PARTIAL_REFUND_MESSAGES.destination);
  const lines: RefundQuote["lines"] = [];
  const fullAfter: number[] = [];
  const seen = new Set<number>();
  const values = itemValues(f.items, f.couponMinor);
  for (const [index, r] of req.items.entries()) {
    const item = state.items.find((i) => i.id === r.id);
    if (!item || seen.has(r.id)) {
      add(`items.${index}.id`, PARTIAL_REFUND_MESSAGES.unknownItem);
      continue;
    }
    seen.add(r.id);
    if (!Number.isInteger(r.quantity) || r.quantity < 1) {
      add(`items.${index}.quantity`, PARTIAL_REFUND_MESSAGES.quantity);
      continue;
    }
    if (item.remainingQuantity === 0) {
      add(`items.${index}.id`, PARTIAL_REFUND_MESSAGES.itemRefunded);
      continue;
    }
    if (r.quantity > item.remainingQuantity) {
      add(`items.${index}.quantity`, PARTIAL_REFUND_MESSAGES.tooMany(item.remainingQuantity));
      continue;
    }
    const amountMinor = unitsValue(
      values.get(item.id) ?? 0,
      item.quantity,
      item.refundedQuantity,
      r.quantity,
    );
    lines.push({ itemId: item.id, quantity: r.quantity, amountMinor });
    if (r.quantity === item.remainingQuantity) fullAfter.push(item.id);
  }
  const given = req.amountMinor;
  if (given !== undefined && given !== null && (!Number.isInteger(given) || given <= 0))
    add("amount", PARTIAL_REFUND_MESSAGES.amount);
  if (Object.keys(errors).length) return { ok: false, errors };
  const itemsMinor = lines.reduce((n, l) => n + l.amountMinor, 0);
  // Returned items whose value is more than is left (an earlier amount-only refund) return what is left.
  const amountMinor = given ?? Math.min(itemsMinor, state.remainingMinor);
  const field = given !== undefined && given !== null ? "amount" : "items";
  if (amountMinor <= 0)
    return { ok: false, errors: { [field]: [PARTIAL_REFUND_MESSAGES.tooMuch(formatMinor(0))] } };
  if (amountMinor > state.remainingMinor)
    return {
      ok: false,
      errors: { [field]: [PARTIAL_REFUND_MESSAGES.tooMuch(formatMinor(state.remainingMinor))] },
    };
  let splits: RefundQuote["splits"];
  if (req.destination === "till") splits = [{ paymentId: null, amountMinor }];
  else {
    const cards = state.payments.filter((p) => p.card && p.remainingMinor > 0);
    if (!cards.length) return { ok: false, errors: { destination: [PARTIAL_REFUND_MESSAGES.noCard] } };
    if (amountMinor > state.cardRemainingMinor)
      return {
        ok: false,
        errors: { [field]: [PARTIAL_REFUND_MESSAGES.tooMuchCard(formatMinor(state.cardRemainingMinor))] },
      };
    splits = [];
    let left = amountMinor;
    for (const p of cards) {
      if (left === 0) break;
      const take = Math.min(left, p.remainingMinor);
      splits.push({ paymentId: p.id, amountMinor: take });
      left -= take;
    }
  }
  return {
    ok: true,
    quote: {
      amountMinor,
      lines,
      splits,
      itemsRefundedInFull: fullAfter,
      completesJob: amountMinor === state.remainingMinor,
    },
  };
}

/** The order's coupons (stored in major units) in minor units. */
export const couponMinorOf = (coupons: readonly { amount: number }[] | null | undefined) =>
  (coupons ?? []).reduce((n, c) => n + Math.round(c.amount * 100), 0);

/** A refund as its credit note sees it: the amount and the lines it returned. */
export interface RefundAmounts {
  amountMinor: number;
  lines: readonly { itemId: number; amountMinor: number }[];
}

/**
 * The tax-inclusive amount the invoice taxes: the taxable items' values after their share of the
 * coupons (what the customer was charged for them). The receipt prints its tax on this, so the
 * credit notes can add up to it.
 */
export function invoiceTaxableMinor(f: Pick<QuoteFacts, "items"> & { couponMinor?: number }): number {
  const values = itemValues(f.items, f.couponMinor ?? 0);
  return f.items.filter((i) => i.taxable).reduce((n, i) => n + (values.get(i.id) ?? 0), 0);
}

/** The taxable share of one refund, before rounding to tax. */
function refundTaxable(f: Pick<QuoteFacts, "items">, refund: RefundAmounts): number {
  const taxableOf = new Map(f.items.map((i) => [i.id, i.taxable]));
  const linesMinor = refund.lines.reduce((n, l) => n + l.amountMinor, 0);
  const taxableLines = refund.lines
    .filter((l) => taxableOf.get(l.itemId))
    .reduce((n, l) => n + l.amountMinor, 0);
  // An amount other than the lines' value (a fee kept, a goodwill top-up) keeps the lines' taxable share.
  if (refund.lines.length && linesMinor > 0)
    return Math.round((refund.amountMinor * taxableLines) / linesMinor);
  const total = f.items.reduce((n, i) => n + Math.max(0, i.totalAmountMinor), 0);
  const taxable = f.items.filter((i) => i.taxable).reduce((n, i) => n + Math.max(0, i.totalAmountMinor), 0);
  return total ? Math.round((refund.amountMinor * taxable) / total) : refund.amountMinor;
}

/**
 * The tax inside a refund, for its credit note: the returned lines' taxable share, and an amount
 * beyond the lines shared like the job's own taxable share.
 *
 * Rounded cumulatively over the job's refunds (`earlier`, in the order they were issued), as units
 * are (`unitsValue`): each note's tax is the tax of everything refunded so far less the tax of
 * everything refunded before it. So the notes never drift from the invoice a cent at a time (three
 * AU lines of 80.00 refunded one by one: 7.27 + 7.28 + 7.27 = 21.82, the invoice's GST on 240.00,
 * where each rounded alone gives 21.81), and the
 * refund that completes the job (its whole value returned) takes the remainder: the notes' tax
 * adds up to the invoice's exactly.
 */
export function refundTax(
  f: Pick<QuoteFacts, "items"> & { couponMinor?: number },
  refund: RefundAmounts,
  rates: readonly ReceiptTaxRate[],
  earlier: readonly RefundAmounts[] = [],
) {
  const invoiceTaxable = invoiceTaxableMinor(f);
  const jobValue = [...itemValues(f.items, f.couponMinor ?? 0).values()].reduce((n, v) => n + v, 0);
  const before = Math.min(
    invoiceTaxable,
    earlier.reduce((n, r) => n + refundTaxable(f, r), 0),
  );
  const refundedSoFar = earlier.reduce((n, r) => n + r.amountMinor, 0) + refund.amountMinor;
  let after = Math.min(invoiceTaxable, before + refundTaxable(f, refund));
  if (jobValue > 0 && refundedSoFar >= jobValue) after = invoiceTaxable;
  const upTo = includedTax(after, rates);
  const upToBefore = includedTax(before, rates);
  const taxes = upTo.map((t, i) => ({ ...t, amountMinor: t.amountMinor - upToBefore[i].amountMinor }));
  return { taxableMinor: after - before, taxes, taxMinor: taxes.reduce((n, t) => n + t.amountMinor, 0) };
}
