import { paymentIntentSchema } from "@loupe/domain";
import { z } from "zod";
import { noteWire } from "./customer-actions";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope } from "./envelope";

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
