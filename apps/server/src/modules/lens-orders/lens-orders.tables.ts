import { LENS_EDGE_OPTIONS, LENS_ORDER_STATES, LENS_SIDES, SUPPLIER_KINDS } from "@loupe/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
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
import { orderItems, orders } from "../jobs/jobs.tables";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { lensSuppliers, supplierContacts } from "../suppliers/suppliers.tables";

export const LENS_TRANSPORTS = ["email", "file_drop", "api", "simulator"] as const;
export type LensTransportName = (typeof LENS_TRANSPORTS)[number];

/**
 * One lens order of an order item (jobs-area §3 Lens order payload). It is written `pending`
 * before the supplier is called, outside any transaction, and turns `placed` (or `failed`, or
 * `unknown` when the supplier did not answer: sending again re-drives it with the same key).
 * `open` is the supplier kind's rule (§4) evaluated on every write: a partial unique index lets
 * an item have one open order, so two Order clicks can never both order lenses. The snapshot and
 * the DCS record are what was sent, whatever the job's selection becomes later.
 */
export const lensOrders = pgTable(
  "lens_orders",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** The job's customer when ordered (the access log's subject); no key, the log outlives it. */
    customerId: integer("customer_id"),
    /** 1, 2, 3… per item; the reference is built from it. */
    sequence: integer("sequence").notNull(),
    reference: text("reference").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => lensSuppliers.id),
    supplierKind: text("supplier_kind", { enum: SUPPLIER_KINDS }).notNull(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => supplierContacts.id),
    transport: text("transport", { enum: LENS_TRANSPORTS }).notNull(),
    state: text("state", { enum: LENS_ORDER_STATES }).notNull(),
    statusCode: integer("status_code").notNull(),
    open: boolean("open").notNull(),
    isRepeat: boolean("is_repeat").notNull().default(false),
    repeatOfId: integer("repeat_of_id"),
    repeatReason: text("repeat_reason"),
    description: text("description"),
    notes: text("notes"),
    lenses: text("lenses", { enum: LENS_SIDES }).notNull(),
    needToEdge: text("need_to_edge", { enum: LENS_EDGE_OPTIONS }).notNull(),
    frameSize: text("frame_size"),
    lensOptionId: integer("lens_option_id"),
    lensName: text("lens_name").notNull(),
    deliverToOutletId: integer("deliver_to_outlet_id")
      .notNull()
      .references(() => outlets.id),
    fromOutletId: integer("from_outlet_id").references(() => outlets.id),
    /** The item's status before the order moved it to lenses-ordered: a cancel moves it back. */
    itemStatusBeforeId: integer("item_status_before_id"),
    selectionRevision: integer("selection_revision"),
    /** The job's selection as ordered (prescription, PD, lens, frame). */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    /** The DCS (VCA) record sent. */
    record: text("record").notNull(),
    supplierReference: text("supplier_reference"),
    eta: date("eta"),
    trackingNumber: text("tracking_number"),
    lastError: text("last_error"),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    placedBy: integer("placed_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lens_orders_item_sequence_uq").on(t.orderItemId, t.sequence),
    uniqueIndex("lens_orders_one_open_per_item_uq").on(t.orderItemId).where(sql`${t.open}`),
    index("lens_orders_order_idx").on(t.orderId),
    index("lens_orders_supplier_idx").on(t.supplierId),
    index("lens_orders_contact_idx").on(t.contactId),
    index("lens_orders_deliver_to_idx").on(t.deliverToOutletId),
    index("lens_orders_from_outlet_idx").on(t.fromOutletId),
    index("lens_orders_placed_by_idx").on(t.placedBy),
    index("lens_orders_poll_idx").on(t.nextPollAt).where(sql`${t.state} = 'placed'`),
  ],
);

/** What happened to a lens order, newest last: sent, each lab status (ETA, tracking), cancelled. */
export const lensOrderEvents = pgTable(
  "lens_order_events",
  {
    id: serial("id").primaryKey(),
    lensOrderId: integer("lens_order_id")
      .notNull()
      .references(() => lensOrders.id, { onDelete: "cascade" }),
    statusCode: integer("status_code"),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    eta: date("eta"),
    trackingNumber: text("tracking_number"),
    source: text("source", { enum: ["staff", "lab", "system"] }).notNull(),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lens_order_events_order_idx").on(t.lensOrderId, t.occurredAt),
    index("lens_order_events_staff_idx").on(t.staffUserId),
  ],
);
