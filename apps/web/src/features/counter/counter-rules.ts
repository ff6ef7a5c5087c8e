import type { LineDiscount } from "@loupe/contract";
import {
  checkJobPayment,
  DEFAULT_DISCOUNT_LIMITS,
  type DiscountLimits,
  decideQuoteAction,
  JOB_MONEY_MESSAGES,
  lineDiscountErrors,
  lineDiscountMinor,
  type PaymentTender,
  QUOTE_MESSAGES,
  type RuleActor,
  type Verdict,
} from "@loupe/domain";

// The counter's form rules (issue 44), beside its forms: each reads the domain's rule (the quote's
// discount limits, the job's money) so the browser says what the server would, before it is asked.

/** The catalogue facts a line shows under the product's name: SKU, colour, size, barcode. */
export const productLine = (p: {
  sku: string | null;
  colour: string | null;
  size: string | null;
  barcode: string | null;
}) => [p.sku, p.colour, p.size && `size ${p.size}`, p.barcode].filter(Boolean).join(" · ");

/**
 * Whether a product is made to a prescription, so adding it opens the job edit's steps (frame,
 * prescription, PD, lenses; a contact lens its prescription) before it becomes a line. The
 * catalogue's kind says contact lens (the job edit reads the same off its parent type).
 */
export const needsSelection = (p: { requires_prescription: boolean; kind: string }) =>
  p.requires_prescription || p.kind === "contact_lens";

/** An amount typed at the counter ("129.95", "$50", "1,200.5") in minor units, or null if it is not one. */
export function parseMoneyText(text: string): number | null {
  const t = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, cents = ""] = t.split(".");
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the amount field shows them: 12950 → "129.50". */
export const moneyText = (minor: number) => (minor / 100).toFixed(2);

export interface GuestDraft {
  first_name: string;
  last_name: string;
  mobile: string;
  email: string;
}

export const EMPTY_GUEST: GuestDraft = { first_name: "", last_name: "", mobile: "", email: "" };

/** What stops a guest being quoted: a first name, and a mobile or an e-mail to reach them by. */
export function guestErrors(g: GuestDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!g.first_name.trim()) out.first_name = "The guest first name field is required.";
  if (!g.mobile.trim() && !g.email.trim()) out.mobile = QUOTE_MESSAGES.guestContact;
  if (g.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(g.email.trim()))
    out.email = "The guest email must be a valid email address.";
  return out;
}

/** The guest as the quote's body sends it: blanks left out. */
export const guestBody = (g: GuestDraft) => ({
  first_name: g.first_name.trim(),
  last_name: g.last_name.trim(),
  mobile: g.mobile.trim() || null,
  email: g.email.trim() || null,
});

export interface DiscountForm {
  kind: "amount" | "percent";
  text: string;
}

export type DiscountCheck =
  | { ok: true; discount: LineDiscount | null; discountMinor: number; verdict: Verdict }
  | { ok: false; error: string };

/**
 * A line's discount as typed: nothing (no discount), an amount ("15.00") or a percent ("12.5"),
 * within the line's price, and the rulebook's verdict on it for this role (above the role's limit,
 * a manager approves it in the same dialog).
 */
export function checkDiscount(
  form: DiscountForm,
  line: { unitPriceMinor: number; quantity: number },
  actor: RuleActor,
  outletRegionId: number,
  limits: DiscountLimits = DEFAULT_DISCOUNT_LIMITS,
): DiscountCheck {
  const text = form.text.trim();
  const grossMinor = line.unitPriceMinor * line.quantity;
  if (!text) return { ok: true, discount: null, discountMinor: 0, verdict: { allowed: true } };
  let discount: LineDiscount;
  if (form.kind === "amount") {
    const minor = parseMoneyText(text);
    if (minor == null) return { ok: false, error: "The discount must be an amount like 15.00." };
    discount = { kind: "amount", amount_minor: minor };
  } else {
    const percent = Number(text.replace(/%$/, ""));
    if (!/^\d+(\.\d{1,2})?%?$/.test(text) || !Number.isFinite(percent))
      return { ok: false, error: "The discount must be a percent like 10 or 12.5." };
    discount = { kind: "percent", percent };
  }
  const errors = lineDiscountErrors({ ...line, discount, taxClass: "standard", kind: null });
  const first = Object.values(errors)[0];
  if (first) return { ok: false, error: first };
  const discountMinor = Math.min(grossMinor, lineDiscountMinor(grossMinor, discount));
  const verdict = decideQuoteAction("discount", {
    actor,
    outletRegionId,
    discount: { grossMinor, discountMinor, limits, approved: false },
  });
  return { ok: true, discount, discountMinor, verdict };
}

export interface DepositForm {
  amountText: string;
  tender: PaymentTender | null;
  reference: string;
}

/**
 * What is wrong with the deposit as typed (field → message): the job's money rules (tender, its
 * reference, a whole amount no more than the total) and the quote's minimum, in the region's money.
 */
export function depositErrors(
  form: DepositForm,
  facts: { totalMinor: number; minimumMinor: number },
  format: (minor: number) => string,
): Record<string, string> {
  if (!form.tender) return { tender: JOB_MONEY_MESSAGES.tender };
  const amountMinor = parseMoneyText(form.amountText);
  if (amountMinor == null) return { amount: JOB_MONEY_MESSAGES.amount };
  const check = checkJobPayment(
    { amountMinor, tender: form.tender, reference: form.reference, balanceMinor: facts.totalMinor },
    format,
  );
  if (!check.ok)
    return {
      [check.field]:
        check.field === "amount" && amountMinor > facts.totalMinor
          ? QUOTE_MESSAGES.depositAbove(format(facts.totalMinor))
          : check.message,
    };
  if (amountMinor < facts.minimumMinor)
    return { amount: JOB_MONEY_MESSAGES.belowDeposit(format(facts.minimumMinor)) };
  return {};
}
