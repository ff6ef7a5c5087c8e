import {
  JOB_MONEY_MESSAGES,
  PAYMENT_KINDS,
  paymentIntentSchema,
  RECORDED_TENDERS,
  TENDERS,
} from "@loupe/domain";
import { z } from "zod";
import { noteWire } from "./customer-actions";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams } from "./envelope";

export const createPaymentIntent = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/payment-intent",
  // A payment for a job is taken by its region's staff; one for a customer alone names no job.
  jobRule: {
    action: (r) => (r.body?.order_id == null ? null : "take_payment"),
    target: (r) => ({ order: r.body?.order_id }),
  },
  summary: "Create a card payment intent (Idempotency-Key header: a retry answers the same intent)",
  serviceValidates: true,
  body: paymentIntentSchema,
  response: dataEnvelope(
    z.object({
      client_secret: z.string(),
      intent_id: z.string(),
      gateway: z.enum(["sandbox", "stripe"]),
      publishable_key: z.string().nullable(),
      amount: z.number(),
      currency: z.string(),
    }),
  ),
});

export const confirmPayment = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/payments/confirm",
  summary:
    "After the browser confirmed the card with the provider: check the outcome and record the payment note",
  body: z.strictObject({ intent_id: z.string().min(1) }),
  response: z.object({ message: z.string(), data: noteWire }),
});

export const getPaymentConfig = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/payment-config",
  summary: "Which card gateway the browser talks to, and its publishable key for a currency",
  query: z.object({ currency: z.enum(["AUD", "CAD", "NZD"]).default("AUD") }),
  response: dataEnvelope(
    z.object({ gateway: z.enum(["sandbox", "stripe"]), publishable_key: z.string().nullable() }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Money on the job (issue 44, ADR 0057)

export const jobPaymentWire = z.object({
  id: z.number(),
  amount: z.number(),
  amount_minor: z.number(),
  tender: z.enum(RECORDED_TENDERS).nullable(),
  reference: z.string().nullable(),
  kind: z.enum(PAYMENT_KINDS),
  taken_by: z.string().nullable(),
  created_at: z.string(),
});

export const takeJobPayment = defineEndpoint({
  jobRule: {
    action: "take_payment",
    target: (r) => ({ order: r.params.id }),
    key: (r) => r.headers["idempotency-key"],
  },
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/payments",
  summary:
    "Record a payment toward a job: cash, EFTPOS, gift card or health fund (their reference kept), or a card payment already taken through the card flow (its intent id; the amount is the intent's, read from the gateway). Header Idempotency-Key: a repeat answers the first payment. More than the balance due is refused (422 on amount_minor).",
  params: idParams,
  body: z.strictObject({
    /** Cents; a card payment may leave it out (the intent's amount is recorded) or must match it. */
    amount_minor: z
      .number(JOB_MONEY_MESSAGES.amount)
      .int(JOB_MONEY_MESSAGES.amount)
      .positive(JOB_MONEY_MESSAGES.amount)
      .max(100_000_000, JOB_MONEY_MESSAGES.amount)
      .optional(),
    tender: z.enum(TENDERS, JOB_MONEY_MESSAGES.tender),
    reference: z.string().trim().max(100, JOB_MONEY_MESSAGES.referenceLength).nullish(),
    intent_id: z.string().trim().min(1).max(255).nullish(),
    kind: z.enum(PAYMENT_KINDS).optional(),
  }),
  response: z.object({
    message: z.string(),
    data: z.object({
      payment: jobPaymentWire,
      /** False: the key was used before and this is the first payment, nothing was taken again. */
      created: z.boolean(),
      balance_due: z.number(),
      balance_due_minor: z.number(),
    }),
  }),
});
