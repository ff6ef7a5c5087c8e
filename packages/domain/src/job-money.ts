// Money on the job (issue 44, ADR 0057): a deposit when the job is made, further payments, and the
// balance still owed. The counter's quote, the job's Payments panel and the server all ask these,
// so the amount a form offers is the amount the server accepts, to the cent.

/** How a customer pays at the counter. `card` goes through the payment gateway; the rest are recorded. */
export const TENDERS = ["card", "cash", "eftpos", "gift_card", "health_fund"] as const;
export type PaymentTender = (typeof TENDERS)[number];

/**
 * What a recorded payment may say it was paid in: the counter's tenders, and "other" for a payment
 * taken at a point of sale or web shop in a tender Loupe has no name for (issue 45). Staff never
 * take "other" in Loupe; it only arrives.
 */
export const RECORDED_TENDERS = [...TENDERS, "other"] as const;
export type RecordedTender = (typeof RECORDED_TENDERS)[number];

export const TENDER_LABELS: Record<RecordedTender, string> = {
  card: "Card",
  cash: "Cash",
  eftpos: "EFTPOS",
  gift_card: "Gift card",
  health_fund: "Health fund",
  other: "Other",
};

/**
 * A point of sale's or web shop's tender name as one of ours (issue 45): Lightspeed's payment type
 * names are the retailer's own ("Cash", "EFTPOS", "Visa", "Afterpay"), Shopify's gateways are
 * names like "shopify_payments" or "manual". Unknown names are "other", never guessed as cash.
 */
export function tenderOfSourceName(name: string): RecordedTender {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (/^cash/.test(n)) return "cash";
  if (/eftpos|debit|interac/.test(n)) return "eftpos";
  if (/gift/.test(n)) return "gift_card";
  if (/health|hicaps|fund/.test(n)) return "health_fund";
  if (/card|credit|visa|master|amex|american_express|shopify_payments|stripe|apple_pay|google_pay/.test(n))
    return "card";
  return "other";
}

/** The tenders whose slip or card carries a number worth keeping (what the reference field asks for). */
export const TENDER_REFERENCE_LABELS: Partial<Record<PaymentTender, string>> = {
  eftpos: "EFTPOS receipt no.",
  gift_card: "Gift card no.",
  health_fund: "Health fund claim no.",
};

/** A gift card or a health fund claim is only as good as its number: the till is reconciled by it. */
export const TENDER_REFERENCE_REQUIRED: readonly PaymentTender[] = ["gift_card", "health_fund"];

export const PAYMENT_KINDS = ["deposit", "payment"] as const;
export type JobPaymentKind = (typeof PAYMENT_KINDS)[number];

/** The setting's default: a job is accepted with at least half its total paid (Optic Up's habit). */
export const DEFAULT_DEPOSIT_MINIMUM_PERCENT = 50;

export const JOB_MONEY_MESSAGES = {
  amount: "The amount must be a whole number of cents, more than zero.",
  overBalance: (balance: string) => `The amount is more than the balance due (${balance}).`,
  nothingOwed: "This job has nothing left to pay.",
  closed: "A refunded, voided or cancelled job cannot take a payment.",
  tender: "Choose how the customer pays: card, cash, EFTPOS, gift card or health fund.",
  reference: (label: string) => `The ${label} is required.`,
  referenceLength: "The reference may be at most 100 characters.",
  intent: "A card payment needs the card payment it was taken with.",
  intentNotPaid: "The card payment has not gone through: take the card payment first.",
  intentOtherJob: "This card payment was taken for another job.",
  intentUsed: "This card payment is already recorded on a job.",
  belowDeposit: (minimum: string) => `The deposit must be at least ${minimum}.`,
  collectWithBalance: (balance: string) =>
    `This job has a balance due of ${balance}: take the payment, or a manager must approve collecting it unpaid.`,
  paymentTaken: "Payment recorded.",
} as const;

/** What the customer still owes: never below zero (an overpaid job owes nothing, it is not credit). */
export const balanceDue = (totalMinor: number, paidMinor: number): number =>
  Math.max(0, totalMinor - paidMinor);

/**
 * The smallest deposit a job of `totalMinor` is accepted with: `percent` of it, rounded up to the
 * cent so the minimum is never a fraction of a cent short of the setting (50% of $99.99 is $50.00).
 */
export function depositMinimum(
  totalMinor: number,
  percent: number = DEFAULT_DEPOSIT_MINIMUM_PERCENT,
): number {
  if (totalMinor <= 0) return 0;
  const p = Math.min(100, Math.max(0, percent));
  // Integer arithmetic: percent may carry two decimals (12.5%) and never becomes a float fraction.
  const basisPoints = Math.round(p * 100);
  return Math.min(totalMinor, Math.ceil((totalMinor * basisPoints) / 10_000));
}

export type PaymentCheck =
  | { ok: true }
  | { ok: false; field: "amount" | "tender" | "reference"; message: string };

/**
 * Whether a payment of `amountMinor` may be taken toward a job owing `balanceMinor`. `format` writes
 * the balance in the region's money for the message.
 */
export function checkJobPayment(
  p: { amountMinor: number; tender: string; reference?: string | null; balanceMinor: number },
  format: (minor: number) => string = (m) => (m / 100).toFixed(2),
): PaymentCheck {
  if (!(TENDERS as readonly string[]).includes(p.tender))
    return { ok: false, field: "tender", message: JOB_MONEY_MESSAGES.tender };
  const tender = p.tender as PaymentTender;
  const reference = p.reference?.trim() ?? "";
  if (TENDER_REFERENCE_REQUIRED.includes(tender) && !reference)
    return {
      ok: false,
      field: "reference",
      message: JOB_MONEY_MESSAGES.reference(TENDER_REFERENCE_LABELS[tender] ?? "reference"),
    };
  if (reference.length > 100)
    return { ok: false, field: "reference", message: JOB_MONEY_MESSAGES.referenceLength };
  if (!Number.isSafeInteger(p.amountMinor) || p.amountMinor <= 0)
    return { ok: false, field: "amount", message: JOB_MONEY_MESSAGES.amount };
  if (p.balanceMinor <= 0) return { ok: false, field: "amount", message: JOB_MONEY_MESSAGES.nothingOwed };
  if (p.amountMinor > p.balanceMinor)
    return { ok: false, field: "amount", message: JOB_MONEY_MESSAGES.overBalance(format(p.balanceMinor)) };
  return { ok: true };
}

/** The job's payment status once paid `paidMinor` of `totalMinor` (status-rules' payment slugs). */
export const paymentStatusSlug = (
  totalMinor: number,
  paidMinor: number,
): "paid" | "partially-paid" | "payment-due" =>
  paidMinor >= totalMinor ? "paid" : paidMinor > 0 ? "partially-paid" : "payment-due";
