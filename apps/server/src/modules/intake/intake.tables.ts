import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { IncomingSale } from "../../integrations/sales";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";

// Sales from the point of sale and the web shop (issue 45, ADR 0059). One row per sale, keyed by
// (source, external id): a later version replaces the kept one, an older or equal one changes
// nothing. The row holds the sale as the adapter read it; the job is made from that, once.

export const intakeSales = pgTable(
  "intake_sales",
  {
    id: serial("id").primaryKey(),
    source: text("source", { enum: ["lightspeed", "shopify"] }).notNull(),
    storeKey: text("store_key").notNull(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    externalId: text("external_id").notNull(),
    /** The source's version (a decimal integer: Lightspeed version, Shopify updated_at in ms). */
    version: numeric("version", { precision: 40, scale: 0 }).notNull(),
    /** The version last made into (or onto) the job; equal to `version` once done. */
    processedVersion: numeric("processed_version", { precision: 40, scale: 0 }),
    state: text("state", { enum: ["waiting", "done"] })
      .notNull()
      .default("waiting"),
    reasonCode: text("reason_code", {
      enum: ["unknown_sku", "needs_customer", "unknown_outlet", "unknown_sale", "failed"],
    }),
    reason: text("reason"),
    /** The job made from it (a return: the returned sale's job). */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The Loupe outlet it was sold at, once known. */
    outletId: integer("outlet_id").references(() => outlets.id),
    invoiceNumber: text("invoice_number").notNull(),
    customerName: text("customer_name"),
    totalMinor: integer("total_minor").notNull(),
    currency: text("currency").notNull(),
    /** A Lightspeed return: the sale it returns (its external id). */
    returnFor: text("return_for"),
    /** The sale as the adapter read it (IncomingSale). */
    sale: jsonb("sale").$type<IncomingSale>().notNull(),
    /** The delivery's body as received (text), emptied after 30 days by intake.purge. */
    raw: text("raw"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("intake_sales_source_external_uq").on(t.source, t.externalId),
    // The screen's lists: waiting (any day), done (newest first), per store.
    index("intake_sales_state_received_idx").on(t.state, t.receivedAt, t.id),
    index("intake_sales_store_received_idx").on(t.storeKey, t.receivedAt),
    index("intake_sales_return_for_idx").on(t.source, t.returnFor).where(sql`${t.returnFor} is not null`),
    index("intake_sales_order_idx").on(t.orderId),
    index("intake_sales_outlet_idx").on(t.outletId),
    index("intake_sales_region_idx").on(t.regionId),
    index("intake_sales_raw_purge_idx").on(t.receivedAt).where(sql`${t.raw} is not null`),
  ],
);

/** Shopify's X-Shopify-Webhook-Id: a delivery seen once is acknowledged again, not read again. */
export const intakeDeliveries = pgTable(
  "intake_deliveries",
  {
    id: serial("id").primaryKey(),
    storeKey: text("store_key").notNull(),
    deliveryId: text("delivery_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("intake_deliveries_store_delivery_uq").on(t.storeKey, t.deliveryId),
    index("intake_deliveries_received_idx").on(t.receivedAt),
  ],
);

/** A source's customer, linked to a Loupe customer once (by the match or by staff), remembered. */
export const intakeCustomerLinks = pgTable(
  "intake_customer_links",
  {
    id: serial("id").primaryKey(),
    source: text("source", { enum: ["lightspeed", "shopify"] }).notNull(),
    storeKey: text("store_key").notNull(),
    externalCustomerId: text("external_customer_id").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** "match" (the rule found one), "created", or "staff" (picked on the intake screen). */
    linkedBy: text("linked_by", { enum: ["match", "created", "staff"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("intake_customer_links_uq").on(t.source, t.storeKey, t.externalCustomerId),
    index("intake_customer_links_customer_idx").on(t.customerId),
  ],
);

/** A source's outlet (register, location) and the Loupe outlet it is. */
export const intakeOutletLinks = pgTable(
  "intake_outlet_links",
  {
    id: serial("id").primaryKey(),
    storeKey: text("store_key").notNull(),
    externalOutletId: text("external_outlet_id").notNull(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("intake_outlet_links_uq").on(t.storeKey, t.externalOutletId),
    index("intake_outlet_links_outlet_idx").on(t.outletId),
  ],
);

/** Where each store's sync stands: the cursor kept with the page's sales, and how the last went. */
export const intakeCursors = pgTable("intake_cursors", {
  storeKey: text("store_key").primaryKey(),
  cursor: text("cursor"),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});

/** A delivery that could not be read: a forged signature or a shape not the provider's; kept 30 days. */
export const intakeFailures = pgTable(
  "intake_failures",
  {
    id: serial("id").primaryKey(),
    storeKey: text("store_key").notNull(),
    kind: text("kind", { enum: ["signature", "shape"] }).notNull(),
    message: text("message").notNull(),
    raw: text("raw"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("intake_failures_received_idx").on(t.receivedAt, t.id),
    check("intake_failures_message_length", sql`length(${t.message}) <= 2000`),
  ],
);
