import {
  calendarDate,
  DELIVERY_INSTRUCTIONS,
  receiverSchema,
  rowId,
  rowIdText,
  SHIPMENT_STATUSES,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams } from "./envelope";

/** One courier option of a quote (jobs-area §3). Options with errors cannot be chosen. */
export const courierOptionWire = z.object({
  product_id: z.string(),
  product_type: z.enum(["aupost", "sendle"]),
  product_name: z.string(),
  price: z.number().nullable(),
  message: z.string(),
  errors: z.array(z.string()),
  /** Earliest and latest delivery dates (YYYY-MM-DD). */
  delivery_estimate: z.tuple([z.string(), z.string()]).nullable(),
  delivery_instructions: z.array(z.string()),
});
export type CourierOptionWire = z.infer<typeof courierOptionWire>;

export const shipmentEventWire = z.object({
  status: z.string(),
  description: z.string(),
  occurred_at: z.string(),
});

/** A job's shipment (or attempt): who carries it, its tracking and where it is. */
export const shipmentWire = z.object({
  id: z.number(),
  order_id: z.number(),
  attempt: z.number(),
  /** pending: a carrier call is under way; unknown: the carrier timed out (retry with Confirm). */
  state: z.enum(["pending", "unknown", "failed", "created", "in_transit", "delivered", "cancelled"]),
  status: z.enum(SHIPMENT_STATUSES),
  courier: z.enum(["local", "auspost", "sendle", "manual"]),
  company: z.string(),
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  carrier_order_id: z.string().nullable(),
  carrier_reference: z.string().nullable(),
  has_label: z.boolean(),
  /** Whether Cancel shipment is offered (created and not yet on a manifest, or in transit). */
  can_cancel: z.boolean(),
  /** The carrier order (end-of-day manifest) the shipment went on, when it has. */
  manifest_order_id: z.string().nullable(),
  manifested_at: z.string().nullable(),
  last_error: z.string().nullable(),
  idempotency_key: z.string(),
  created_at: z.string(),
  events: z.array(shipmentEventWire),
});
export type ShipmentWire = z.infer<typeof shipmentWire>;

const receiver = receiverSchema;
const orderId = rowId();

/** Everything of the parcel form the server needs beyond the spec's two quote sections. */
const parcelExtras = {
  delivery_instruction: z.enum(DELIVERY_INSTRUCTIONS).default("authority_to_leave"),
  parcel_size_id: z.number().int().optional(),
  value: z.number().min(0).optional(),
  description: z.string().max(100).optional(),
  country_of_origin: z.string().max(60).optional(),
  volume: z.number().min(0).optional(),
};

export const getShippingQuote = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/shipments/getquote",
  jobRule: { action: "view_job", target: (r) => ({ order: r.body?.order_id }) },
  summary: "Courier options for a parcel: the aupost section (drop-off) and the sendle section (pickup)",
  body: z.object({
    order_id: orderId.optional(),
    aupost: z.object({
      sender_outlet_id: rowId(),
      country: z.string().min(2),
      delivery_postcode: z.string().min(1),
      weight: z.number().positive(),
      width: z.number().positive(),
      height: z.number().positive(),
      length: z.number().positive(),
      quantity: z.number().int().min(1).max(10),
      receiver,
      ...parcelExtras,
    }),
    sendle: z.object({
      sender_outlet_id: rowId(),
      delivery_suburb: z.string(),
      delivery_postcode: z.string(),
      delivery_country: z.string(),
      weight_value: z.number().positive(),
      weight_units: z.literal("kg"),
      volume_value: z.number().min(0),
      volume_units: z.literal("m3"),
      first_mile_option: z.literal("pickup"),
    }),
  }),
  response: dataEnvelope(z.array(courierOptionWire)),
});

/** The parcel as Confirm sends it: the form plus the chosen product and a key that makes a retry safe. */
const orderBody = {
  order_id: orderId,
  sender_outlet_id: rowId(),
  product_id: z.string().min(1),
  weight: z.number().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
  length: z.number().positive(),
  quantity: z.number().int().min(1).max(10),
  receiver,
  idempotency_key: z.string().min(8).max(100),
  ...parcelExtras,
};

export const createAuPostOrder = defineEndpoint({
  jobRule: {
    action: "ship_aupost",
    target: (r) => ({ order: r.body?.order_id }),
    key: (r) => r.body?.idempotency_key,
  },
  method: "POST",
  base: "api",
  path: "/staff/au-post-orders",
  summary:
    "Book the chosen drop-off courier (Australia Post, or the local rate card) for a job; a retry with the same idempotency_key answers the first order",
  body: z.object({ selected_outlet_id: rowId(), ...orderBody }),
  response: z.object({ message: z.string(), data: shipmentWire }),
});

export const createSendleOrder = defineEndpoint({
  jobRule: {
    action: "ship_sendle",
    target: (r) => ({ order: r.body?.order_id }),
    key: (r) => r.body?.idempotency_key,
  },
  method: "POST",
  base: "api",
  path: "/staff/sendle-orders",
  summary: "Book a Sendle pickup for a job (off unless Sendle is configured)",
  body: z.object({
    pickup_date: calendarDate("The pickup date field must be a date (YYYY-MM-DD).").optional(),
    ...orderBody,
  }),
  response: z.object({
    message: z.string(),
    tracking_url: z.string().nullable(),
    order_id: z.string(),
    sendle_reference: z.string().nullable(),
    data: shipmentWire,
  }),
});

export const createManualShipment = defineEndpoint({
  jobRule: {
    action: "ship_manual",
    target: (r) => ({ order: r.body?.order_id }),
    key: (r) => r.body?.idempotency_key,
  },
  method: "POST",
  base: "api",
  path: "/staff/shipments/manuel-entry",
  summary: "Record a shipment booked outside Loupe (Canada): tracking_id is the carrier's https tracking URL",
  serviceValidates: true,
  body: z.object({
    tracking_id: z.string(),
    sender_outlet_id: rowId(),
    cargo_company: z.string().trim().min(1).max(60),
    order_id: orderId,
    /** The carrier's tracking number, kept apart from the URL; taken from the URL's last part when absent. */
    tracking_number: z.string().trim().max(60).optional(),
  }),
  response: z.object({ message: z.string(), data: shipmentWire }),
});

export const getShippingLabel = defineEndpoint({
  files: { description: "The shipping label", mediaTypes: ["application/pdf"] },
  method: "GET",
  base: "api",
  path: "/staff/shipments/get-label/:id",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "The label PDF of a job's shipment (id: the job)",
  params: idParams,
});

export const cancelShipment = defineEndpoint({
  jobRule: { action: "cancel_shipment", target: (r) => ({ order: r.params.id }) },
  method: "POST",
  base: "api",
  path: "/staff/shipments/:id/cancel",
  summary:
    "Cancel a job's shipment with its courier (id: the job); the job may then get a new shipping order. A repeat answers the cancelled shipment",
  params: idParams,
  response: z.object({ message: z.string(), data: shipmentWire }),
});

/** One end-of-day manifest: a courier's order of an outlet's shipments of one local day. */
export const manifestWire = z.object({
  id: z.number(),
  courier: z.enum(["local", "auspost", "sendle"]),
  sender_outlet_id: z.number(),
  /** The outlet's local day (YYYY-MM-DD). */
  manifest_date: z.string(),
  state: z.enum(["pending", "done", "failed"]),
  carrier_order_id: z.string().nullable(),
  shipment_count: z.number(),
  has_summary: z.boolean(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type ManifestWire = z.infer<typeof manifestWire>;

export const runShippingManifest = defineEndpoint({
  jobRule: { action: "manifest", target: (r) => ({ outlet: r.body?.sender_outlet_id }) },
  method: "POST",
  base: "api",
  path: "/staff/shipments/manifests",
  summary:
    "Manifest an outlet's shipments booked today now, instead of waiting for its end-of-day run; once per outlet and local day",
  body: z.object({ sender_outlet_id: rowId() }),
  response: z.object({ message: z.string(), data: manifestWire }),
});

export const listShippingManifests = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/shipments/manifests",
  outletRule: { action: "outlet_day", target: (r) => r.query.sender_outlet_id },
  summary: "An outlet's latest end-of-day manifests, newest first",
  query: z.object({ sender_outlet_id: rowIdText() }),
  response: dataEnvelope(z.array(manifestWire)),
});

export const getManifestSummary = defineEndpoint({
  files: { description: "The manifest's order summary", mediaTypes: ["application/pdf"] },
  method: "GET",
  base: "api",
  path: "/staff/shipments/manifests/:id/summary",
  summary: "The carrier's order summary PDF of a manifest",
  params: idParams,
});
