import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, qInt } from "./envelope";

export const outboxMessageWire = z.object({
  id: z.number(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(["queued", "sent", "failed"]),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessageWire = z.infer<typeof outboxMessageWire>;

export const listOutbox = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outbox",
  summary: "E-mails and SMS the system has queued or sent, newest first",
  query: z.object({ limit: qInt.min(1).max(500).default(100) }),
  response: dataEnvelope(z.array(outboxMessageWire)),
});
