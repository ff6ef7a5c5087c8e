import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orders } from "../jobs/jobs.tables";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/** States a shipment row goes through; the job shows the last four as its shipment status. */
export const SHIPMENT_STATES = [
  "pending",
  "unknown",
  "failed",
  "created",
  "in_transit",
  "delivered",
  "cancelled",
] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/**
 * One attempt to ship a job. A Confirm inserts a pending row (its idempotency key unique) before
 * the carrier is called, outside any transaction; the answer turns it created (or failed, or
 * unknown when the carrier timed out: Confirm again re-drives it with the same carrier key). At
 * most one live row per job: a partial unique index, so two Confirms can never both ship it.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    state: text("state", { enum: SHIPMENT_STATES }).notNull(),
    courier: text("courier", { enum: ["local", "auspost", "sendle", "manual"] }).notNull(),
    company: text("company").notNull(),
    productId: text("product_id"),
    productName: text("product_name"),
    senderOutletId: integer("sender_outlet_id").references(() => outlets.id),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    carrierOrderId: text("carrier_order_id"),
    carrierReference: text("carrier_reference"),
    /** The parcel as booked (form, receiver, sender), for the label and for a re-drive. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    lastError: text("last_error"),
    priceMinor: integer("price_minor"),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    /** The end-of-day manifest (carrier order) the shipment went on; a manifested parcel can no longer be cancelled. */
    manifestId: integer("manifest_id").references((): AnyPgColumn => shippingManifests.id),
    manifestedAt: timestamp("manifested_at", { withTimezone: true }),
    /** Set by the one request that asks the carrier to cancel; a second click waits for its answer. */
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    cancelledBy: integer("cancelled_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipments_order_attempt_uq").on(t.orderId, t.attempt),
    uniqueIndex("shipments_one_live_per_order_uq")
      .on(t.orderId)
      .where(sql`${t.state} in ('pending', 'unknown', 'created', 'in_transit', 'delivered')`),
    index("shipments_sender_outlet_idx").on(t.senderOutletId),
    index("shipments_created_by_idx").on(t.createdBy),
    index("shipments_cancelled_by_idx").on(t.cancelledBy),
    index("shipments_manifest_idx").on(t.manifestId),
    index("shipments_poll_idx").on(t.nextPollAt).where(sql`${t.state} in ('created', 'in_transit')`),
  ],
);

/** What happened to a shipment, newest last: booking, tracking scans, delivery. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    description: text("description").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipment_events_shipment_idx").on(t.shipmentId, t.occurredAt),
    index("shipment_events_order_idx").on(t.orderId),
  ],
);

/**
 * One end-of-day manifest per courier, sender outlet and local day: the carrier's order of that
 * day's shipments (Australia Post `POST /orders`) and its summary PDF. The unique key is what makes
 * a run happen once whichever process (the timer, a staff click, a second server) gets there first.
 */
export const shippingManifests = pgTable(
  "shipping_manifests",
  {
    id: serial("id").primaryKey(),
    courier: text("courier", { enum: ["local", "auspost", "sendle"] }).notNull(),
    senderOutletId: integer("sender_outlet_id")
      .notNull()
      .references(() => outlets.id),
    /** The outlet's local day the manifest closes. */
    manifestDate: date("manifest_date").notNull(),
    state: text("state", { enum: ["pending", "done", "failed"] }).notNull(),
    carrierOrderId: text("carrier_order_id"),
    shipmentCount: integer("shipment_count").notNull().default(0),
    /** The carrier's order summary PDF, base64 (a few kB); null for the local courier. */
    summaryPdf: text("summary_pdf"),
    lastError: text("last_error"),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_manifests_day_uq").on(t.courier, t.senderOutletId, t.manifestDate),
    index("shipping_manifests_created_by_idx").on(t.createdBy),
    index("shipping_manifests_outlet_idx").on(t.senderOutletId),
  ],
);
