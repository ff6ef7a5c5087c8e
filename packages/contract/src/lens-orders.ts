import {
  DESCRIPTION_MAX,
  LENS_EDGE_OPTIONS,
  LENS_ORDER_MESSAGES,
  LENS_SIDES,
  lensOrderPayloadSchema,
  SUPPLIER_KINDS,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, qId, qInt } from "./envelope";
import { lensOrderSummaryWire } from "./suppliers";

/** One step of a lens order: sent, a lab status (with ETA and tracking), cancelled… newest last. */
export const lensOrderEventWire = z.object({
  status_code: z.number().nullable(),
  label: z.string(),
  description: z.string(),
  eta: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** staff: someone did it; lab: the supplier reported it; system: Loupe did (a retry, a timeout). */
  source: z.enum(["staff", "lab", "system"]),
  by: z.string().nullable(),
  occurred_at: z.string(),
});

/** A lens order (jobs-area §3 Lens order payload, as placed): what was sent, to whom, and where it is. */
export const lensOrderWire = lensOrderSummaryWire.extend({
  order_id: z.number(),
  order_item_id: z.number(),
  supplier: z.object({
    id: z.number(),
    name: z.string(),
    abbreviation: z.string(),
    kind: z.enum(SUPPLIER_KINDS),
  }),
  contact: z.object({
    id: z.number(),
    full_name: z.string(),
    channel: z.string(),
    mail: z.string().nullable(),
  }),
  /** How it went: email, file_drop, api (a configured lab interface) or simulator (the local lab). */
  transport: z.enum(["email", "file_drop", "api", "simulator"]),
  is_repeat: z.boolean(),
  repeat_of_id: z.number().nullable(),
  repeat_reason: z.string().nullable(),
  repeat_reason_name: z.string().nullable(),
  /** The internal note: never sent to the supplier. */
  description: z.string().nullable(),
  notes: z.string().nullable(),
  lenses: z.enum(LENS_SIDES),
  need_to_edge: z.enum(LENS_EDGE_OPTIONS),
  frame_size: z.string().nullable(),
  lens_option_id: z.number().nullable(),
  lens_name: z.string(),
  deliver_to: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }),
  from_outlet: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }).nullable(),
  supplier_reference: z.string().nullable(),
  last_error: z.string().nullable(),
  placed_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  updated_at: z.string(),
  events: z.array(lensOrderEventWire),
});
export type LensOrderWire = z.infer<typeof lensOrderWire>;

export const placeLensOrder = defineEndpoint({
  jobRule: {
    action: "order_lenses",
    target: (r) => ({ item: r.body?.item }),
    key: (r) => r.headers["idempotency-key"] ?? r.body?.idempotency_key,
  },
  method: "POST",
  base: "api",
  path: "/order_lens",
  summary:
    "Order lenses for a job's item from a supplier through one of its contacts; a repeat (the item was ordered before) needs a reason and an internal note. Idempotency-Key header or idempotency_key makes a retry answer the first order",
  // The service checks the payload with the domain rule, so every message is the form's own.
  serviceValidates: true,
  body: lensOrderPayloadSchema,
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

const itemQuery = z.object({ order_item_id: qId });

export const countLensOrders = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/order_lens/count",
  jobRule: { action: "view_job", target: (r) => ({ item: r.query.order_item_id }) },
  summary: "How many lens orders the suppliers took for an item: above 0 the next one is a repeat order",
  query: itemQuery,
  response: z.object({
    data: z.object({
      count: z.number(),
      is_repeat: z.boolean(),
      /** The order a repeat is linked to: the item's first. */
      original_order_id: z.number().nullable(),
      open_order: lensOrderSummaryWire.nullable(),
    }),
  }),
});

export const checkLensOrderStatus = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/order_lens_status_check",
  jobRule: { action: "view_job", target: (r) => ({ order: r.query.order_id }) },
  summary:
    "Asks the suppliers now for the state of a job's (order_id) or an item's (order_item_id) lens orders, records what changed, answers the orders",
  query: z.object({ order_id: qId.optional(), order_item_id: qId.optional() }),
  response: dataEnvelope(z.array(lensOrderWire)),
});

export const cancelHoyaOrder = defineEndpoint({
  jobRule: {
    action: "cancel_lens_order",
    target: (r) =>
      r.query?.lens_order_id !== undefined
        ? { lensOrder: r.query.lens_order_id }
        : { item: r.query?.order_item_id },
  },
  method: "GET",
  base: "api",
  path: "/order_lens/cancel/hoya",
  summary:
    "Cancel an item's Hoya-type lens order (states 0, 1, 2, 3, 100 and 103 only); lens_order_id picks one, else the item's open one",
  query: z.object({ order_item_id: qId.optional(), lens_order_id: qId.optional() }),
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

export const cancelShamirOrder = defineEndpoint({
  jobRule: {
    action: "cancel_lens_order",
    target: (r) => ({ lensOrder: r.params.id }),
    stateMessage: LENS_ORDER_MESSAGES.cancelFailed,
  },
  method: "POST",
  base: "api",
  path: "/shamir/order/cancel/:id",
  summary: "Cancel a Shamir-type lens order (id: the lens order) while the lab has not started it",
  params: idParams,
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

export const cancelLensOrder = defineEndpoint({
  jobRule: { action: "cancel_lens_order", target: (r) => ({ lensOrder: r.params.id }) },
  method: "POST",
  base: "api",
  path: "/staff/lens-orders/:id/cancel",
  summary:
    "Cancel any lens order at a state its supplier kind allows (the Hoya and Shamir calls are this, for their kind)",
  params: idParams,
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

export const listItemLensOrders = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/order-items/:id/lens-orders",
  jobRule: { action: "view_job", target: (r) => ({ item: r.params.id }) },
  summary: "An item's lens orders with their history, newest first",
  params: idParams,
  response: dataEnvelope(z.array(lensOrderWire)),
});

export const getLensOrderRecord = defineEndpoint({
  files: { description: "The DCS (VCA) record, ASCII text", mediaTypes: ["text/plain"] },
  access: { resource: "lens_order", action: "download" },
  method: "GET",
  base: "api",
  path: "/staff/lens-orders/:id/record",
  jobRule: { action: "view_job", target: (r) => ({ lensOrder: r.params.id }) },
  summary: "The lens order's DCS (VCA) record as sent, as a .vca file",
  params: idParams,
});

export const getLensOrderSheet = defineEndpoint({
  files: { description: "The lens order sheet", mediaTypes: ["application/pdf"] },
  access: { resource: "lens_order", action: "print" },
  method: "GET",
  base: "api",
  path: "/staff/lens-orders/:id/sheet",
  jobRule: { action: "view_job", target: (r) => ({ lensOrder: r.params.id }) },
  summary: "The lens order sheet (PDF) as sent to the supplier",
  params: idParams,
});

/**
 * The spec's `POST /io-api/order/updateOrder` (payload not shown; ADR 0024): a lab's report or a
 * staff correction of one lens order, by its id. Only the fields sent change; `updated_at` (the
 * order's as last read) makes a stale correction answer 409 instead of overwriting a newer state.
 */
export const lensOrderUpdateBody = z.object({
  lens_order_id: z.number().int().positive().max(2_147_483_647),
  /** The supplier's status code (its kind's list, §4); a move backwards or out of a closed order is refused. */
  status_code: z.number().int().min(-1).max(999).optional(),
  /** The supplier's own order number; null or "" clears it. */
  supplier_reference: z.string().trim().max(100).nullish(),
  /** The lab's expected delivery day, YYYY-MM-DD (left as it is when absent). */
  eta: z.iso.date().optional(),
  tracking_number: z.string().trim().min(1).max(100).optional(),
  /** The internal note (never sent to the supplier); null or "" clears it. */
  description: z.string().max(DESCRIPTION_MAX).nullish(),
  /** What the lab said or why staff corrected it: the timeline's line. */
  message: z.string().trim().max(500).optional(),
  updated_at: z.iso.datetime({ offset: true }).optional(),
});
export type LensOrderUpdate = z.infer<typeof lensOrderUpdateBody>;

export const updateLensOrder = defineEndpoint({
  jobRule: { action: "update_lens_order", target: (r) => ({ lensOrder: r.body?.lens_order_id }) },
  method: "POST",
  base: "api",
  path: "/io-api/order/updateOrder",
  summary:
    "Report or correct a lens order's status code, supplier reference, ETA, tracking number or internal note, by lens order id; updated_at refuses a stale change",
  body: lensOrderUpdateBody,
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

/**
 * Send again (issue 33): an e-mailed order the outbox gave up on ("Not sent") is re-driven with its
 * own key — a new outbox message, the order back to Sent once queued. A second press while it is
 * being sent, or after, answers the same order.
 */
export const resendLensOrder = defineEndpoint({
  jobRule: { action: "update_lens_order", target: (r) => ({ lensOrder: r.params.id }) },
  method: "POST",
  base: "api",
  path: "/staff/lens-orders/:id/resend",
  summary:
    "Send a lens order that was not sent (its e-mail was given up by the outbox) again, with the same order and key; repeated presses answer the same order",
  params: idParams,
  response: z.object({ message: z.string(), data: lensOrderWire }),
});

/** A lens order whose e-mail the outbox gave up on, as the outlet's failed-sends list shows it. */
export const notSentLensOrderWire = z.object({
  id: z.number(),
  reference: z.string(),
  order_id: z.number(),
  order_item_id: z.number(),
  /** The job's invoice number: the list links to `/jobs?q={invoice}`. */
  invoice: z.string(),
  supplier_name: z.string(),
  /** Why it was not sent: the mail server's answer (no customer data). */
  reason: z.string().nullable(),
  updated_at: z.string(),
});
export type NotSentLensOrderWire = z.infer<typeof notSentLensOrderWire>;

export const listNotSentLensOrders = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/lens-orders/not-sent",
  outletRule: { action: "outlet_day", target: (r) => r.query.outlet_id },
  summary:
    "Lens orders of an outlet (ordered from it, or for its items) whose e-mail the outbox gave up on, newest first: send them again from the job",
  query: z.object({ outlet_id: qId, limit: qInt.min(1).max(200).default(50) }),
  response: dataEnvelope(z.array(notSentLensOrderWire)),
});
