import { JOB_EVENT_KINDS, rowId } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, messageEnvelope, qId } from "./envelope";
import { orderDetailWire } from "./jobs";

// Job actions (jobs-area §2, §7): refund or void, receipts, customer change, linking, timeline.

export const refundOrder = defineEndpoint({
  // Answers the job with its items' selections (prescription, PD): logged as what it showed.
  access: { resource: "job", action: "view" },
  jobRule: {
    action: "refund",
    target: (r) => ({ order: r.params.id }),
    key: (r) => r.headers["idempotency-key"],
  },
  method: "POST",
  base: "api",
  // The spec's relative path "orders/{id}/refund"; a retry with the same Idempotency-Key header
  // answers the first result.
  path: "/orders/:id/refund",
  summary:
    "Refund or void a job in full: money back through the card gateway, or recorded for the till. Header Idempotency-Key.",
  params: idParams,
  body: z.strictObject({ reason: z.string().trim().min(1, "The reason field is required.").max(100) }),
  response: z.object({ message: z.string(), data: orderDetailWire }),
});

const receiptParams = z.object({
  orderId: qId,
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});

export const showReceipt = defineEndpoint({
  files: {
    description: "The receipt page",
    mediaTypes: ["text/html"],
    errors: { description: "This receipt link is not valid (a page, status 404)", mediaTypes: ["text/html"] },
  },
  method: "GET",
  base: "shop",
  path: "/receipt/show/:orderId/:token",
  summary: "The job's receipt as a printable HTML page (signed link; no sign-in)",
  auth: false,
  // Any text: a link that is not one answers the "not valid" page, not a validation error.
  params: z.object({ orderId: z.string().max(40), token: z.string().max(200) }),
});

export const revokeReceiptLinks = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/receipt-links/revoke",
  jobRule: { action: "revoke_receipt_link", target: (r) => ({ order: r.params.id }) },
  summary:
    "Stop every receipt link of the job handed out so far (administrators, or staff of the job's region); the job's next link opens again",
  params: idParams,
  response: z.object({ message: z.string(), data: z.object({ revoked_at: z.string() }) }),
});

export const emailReceipt = defineEndpoint({
  jobRule: { action: "receipt_email", target: (r) => ({ order: r.params.orderId }) },
  method: "POST",
  base: "shop",
  path: "/receipt/email/:orderId/:token",
  summary: "E-mail the job's receipt (through the outbox) and record it on the job",
  params: receiptParams,
  body: z.strictObject({ email: z.email("The email field must be a valid email").max(255) }),
  response: messageEnvelope,
});

export const changeOrderCustomer = defineEndpoint({
  access: { resource: "job", action: "view", id: null, idBody: "order_id" },
  jobRule: { action: "change_customer", target: (r) => ({ order: r.body?.order_id }) },
  method: "PUT",
  base: "api",
  path: "/staff/orders/customer",
  summary: "Move an online or point-of-sale job to another customer (its receipt link changes with it)",
  body: z.strictObject({
    order_id: rowId(),
    customer_id: rowId(),
  }),
  response: z.object({ message: z.string(), notice: z.string(), data: orderDetailWire }),
});

export const relateOrder = defineEndpoint({
  access: { resource: "job", action: "view" },
  // Both jobs are acted on: a link between regions needs someone who may act on both (issue 52).
  jobRule: { action: "link", target: (r) => ({ orders: [r.params.id, r.body?.related_order_id] }) },
  method: "POST",
  base: "legacy",
  path: "/orders/:id/relate_order",
  summary: "Link two jobs (both ways)",
  params: idParams,
  body: z.strictObject({ related_order_id: rowId() }),
  response: z.object({ message: z.string(), data: orderDetailWire }),
});

export const jobEventWire = z.object({
  id: z.number(),
  kind: z.enum(JOB_EVENT_KINDS),
  order_item_id: z.number().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.string(),
  created_at: z.string(),
  description: z.string(),
});
export type JobEventWire = z.infer<typeof jobEventWire>;

export const listJobEvents = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders/:id/events",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "The job's timeline, oldest first, with the outlet's time zone for display",
  params: idParams,
  response: dataEnvelope(z.object({ time_zone: z.string(), events: z.array(jobEventWire) })),
});
