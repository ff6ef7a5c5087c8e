import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, qInt } from "./envelope";

export const outboxStatuses = ["queued", "sending", "sent", "failed", "cancelled"] as const;

export const outboxMessageWire = z.object({
  id: z.number(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** queued (waiting or between retries) → sending → sent; failed once its tries ran out. */
  status: z.enum(outboxStatuses),
  /** The last attempt's error; on a failed message, why it was given up. */
  error: z.string().nullable(),
  attempts: z.number(),
  /** False when the stored copy cannot be sent again (a password reset's secret link is never stored). */
  retryable: z.boolean(),
  /** When the next try is due, while queued. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessageWire = z.infer<typeof outboxMessageWire>;

export const outboxAttemptWire = z.object({
  id: z.number(),
  attempted_at: z.string(),
  outcome: z.enum(["sent", "failed"]),
  error: z.string().nullable(),
  adapter: z.string().nullable(),
});
export type OutboxAttemptWire = z.infer<typeof outboxAttemptWire>;

export const listOutbox = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outbox",
  summary: "E-mails and SMS the system has queued or sent, newest first (administrators)",
  query: z.object({
    limit: qInt.min(1).max(500).default(100),
    status: z.enum(outboxStatuses).optional(),
  }),
  response: dataEnvelope(z.array(outboxMessageWire)),
});

export const listOutboxAttempts = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outbox/:id/attempts",
  summary: "Every delivery attempt of one outbox message, oldest first (administrators)",
  params: idParams,
  response: dataEnvelope(z.array(outboxAttemptWire)),
});

export const retryOutboxMessage = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/outbox/:id/retry",
  summary: "Queue a failed message for delivery again, with a fresh round of tries (administrators)",
  params: idParams,
  response: dataEnvelope(outboxMessageWire),
});
