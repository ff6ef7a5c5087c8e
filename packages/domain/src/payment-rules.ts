import { z } from "zod";
import { CURRENCIES } from "./constants";
import { rowId } from "./input-rules";
import { messages } from "./messages";

// Card payments (customers-area §3, §5, §8, §9).

export const PAYMENT_SUCCESS = "Payment successful!";
export const MIN_PAYMENT = 1;
/** Amounts are kept in minor units in an `integer` column; no card payment at an optician comes near this. */
export const MAX_PAYMENT = 1_000_000;
/** What the payment source label says: the product's mobile app name (spec §9). */
export const PAYMENT_SOURCE = "Loupe Staff";

export const paymentSchema = z.object({
  amount: z.coerce
    .number({ error: messages.required("amount") })
    .refine((v) => !Number.isNaN(v), messages.required("amount"))
    .refine((v) => v >= MIN_PAYMENT, `The amount must be at least ${MIN_PAYMENT}.`)
    .refine((v) => v <= MAX_PAYMENT, messages.maxValue("amount", MAX_PAYMENT)),
  currency: z.enum(CURRENCIES, { error: messages.required("currency") }),
  desc: z.string().trim().max(255).nullish(),
});
export type PaymentInput = z.input<typeof paymentSchema>;

/** A card payment as the staff API takes it: the payment, and whom and what it is for. */
export const paymentIntentSchema = paymentSchema.extend({
  source: z.string().max(100).optional(),
  customer_id: rowId().optional(),
  order_id: rowId().optional(),
  idempotency_key: z.string().min(8).max(100).optional(),
});

export const toMinorUnits = (amount: number) => Math.round(amount * 100);
export const fromMinorUnits = (minor: number) => minor / 100;

/** The note a successful payment leaves: currency, amount, reference, intent id, and who took it where. */
export function paymentNoteText(p: {
  currency: string;
  amount: number;
  reference?: string | null;
  intentId: string;
  creatorName: string;
  outletName?: string | null;
}): string {
  return [
    `Payment received: ${p.currency} ${p.amount.toFixed(2)}`,
    `Reference: ${p.reference || "—"}`,
    `Payment intent: ${p.intentId}`,
    `Taken by ${p.creatorName}${p.outletName ? ` at ${p.outletName}` : ""}`,
  ].join("\n");
}

export const PAYMENT_KEY_REUSED =
  "This payment key was already used for a different amount, currency or reference. A changed payment is a new attempt: submit it with a new key.";

/**
 * An idempotency key belongs to one payment: the same amount, currency and reference for the same
 * customer or job. A retry with anything else changed is a different payment, not a retry.
 */
export function samePaymentRequest(
  a: {
    amountMinor: number;
    currency: string;
    reference?: string | null;
    customerId?: number | null;
    orderId?: number | null;
  },
  b: {
    amountMinor: number;
    currency: string;
    reference?: string | null;
    customerId?: number | null;
    orderId?: number | null;
  },
): boolean {
  return (
    a.amountMinor === b.amountMinor &&
    a.currency === b.currency &&
    (a.reference ?? "") === (b.reference ?? "") &&
    (a.customerId ?? null) === (b.customerId ?? null) &&
    (a.orderId ?? null) === (b.orderId ?? null)
  );
}

/** Sandbox test cards: staff can rehearse a payment without a real card. */
export const SANDBOX_CARDS = { success: "4242424242424242", decline: "4000000000000002" } as const;
export const CARD_DECLINED = "Your card was declined.";
