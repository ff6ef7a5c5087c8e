import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/** A sellable product in one region: what an order item is (frames, lenses-only, contact lenses…). */
export const regionProducts = pgTable("region_products", {
  id: serial("id").primaryKey(),
  regionId: integer("region_id")
    .notNull()
    .references(() => regions.id),
  name: text("name").notNull(),
  productTypeKey: text("product_type_key").notNull(),
  parentTypeKey: text("parent_type_key").notNull(),
  lensesType: text("lenses_type"),
  requiresPrescription: boolean("requires_prescription").notNull().default(false),
  priceMinor: integer("price_minor").notNull(),
});

/** A job. Money in minor units; shipment, refund and channel fields as jobs-area §3. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull().unique(),
    name: text("name").notNull(),
    vendInvoiceNumber: text("vend_invoice_number").notNull(),
    customerId: integer("customer_id").references(() => customers.id),
    billingFirstName: text("billing_first_name").notNull().default(""),
    billingLastName: text("billing_last_name").notNull().default(""),
    billingEmail: text("billing_email"),
    billingMobile: text("billing_mobile"),
    billingAddress: jsonb("billing_address").$type<Record<string, string | null>>(),
    totalAmountMinor: integer("total_amount_minor").notNull(),
    totalPaymentMinor: integer("total_payment_minor").notNull().default(0),
    dispenseStatusId: integer("dispense_status_id")
      .notNull()
      .references(() => statuses.id),
    paymentStatusId: integer("payment_status_id")
      .notNull()
      .references(() => statuses.id),
    priority: smallint("priority").notNull().default(1),
    channelId: integer("channel_id").notNull(),
    channel: text("channel").notNull(),
    isOctoposOrder: boolean("is_octopos_order").notNull().default(false),
    originOutletId: integer("origin_outlet_id")
      .notNull()
      .references(() => outlets.id),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    coupons: jsonb("coupons").$type<{ code: string; amount: number }[]>().notNull().default([]),
    shipmentStatus: text("shipment_status", { enum: ["not_created", "created"] })
      .notNull()
      .default("not_created"),
    shipmentCompany: text("shipment_company"),
    shipmentTrackingId: text("shipment_tracking_id"),
    isRefundable: boolean("is_refundable").notNull().default(true),
    refundType: text("refund_type", { enum: ["void", "refund"] }),
    dueDate: date("due_date"),
    /**
     * Where the job's items are and what state they are in, kept by a trigger on order_items
     * (migration 0012). The location and item-status filters ask "has an item at / in …"; an
     * array with a GIN index answers that per job without a join across millions of items.
     */
    itemOutletIds: integer("item_outlet_ids").array().notNull().default(sql`'{}'::int[]`),
    itemStatusIds: integer("item_status_ids").array().notNull().default(sql`'{}'::int[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // created_at then id: the list's order (newest first, id breaking ties) read straight off an index.
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.dispenseStatusId, t.createdAt, t.id),
    index("orders_channel_created_idx").on(t.channelId, t.createdAt, t.id),
    index("orders_outlet_created_idx").on(t.originOutletId, t.createdAt),
    index("orders_region_created_idx").on(t.regionId, t.createdAt),
    index("orders_customer_idx").on(t.customerId),
    index("orders_item_outlets_idx").using("gin", t.itemOutletIds),
    index("orders_item_statuses_idx").using("gin", t.itemStatusIds),
    index("orders_invoice_idx").on(sql`lower(${t.vendInvoiceNumber})`),
    index("orders_billing_email_idx").on(sql`lower(${t.billingEmail})`),
    index("orders_billing_mobile_digits_idx").on(
      sql`regexp_replace(coalesce(${t.billingMobile}, ''), '[^0-9]', '', 'g')`,
    ),
    // Part of an e-mail, the start or the digits of an invoice number (jobs search): trigram indexes.
    index("orders_billing_email_trgm_idx").using("gin", sql`(lower(${t.billingEmail})) gin_trgm_ops`),
    index("orders_invoice_trgm_idx").using("gin", sql`(lower(${t.vendInvoiceNumber})) gin_trgm_ops`),
    index("orders_billing_name_trgm_idx").using(
      "gin",
      sql`(lower(${t.billingFirstName} || ' ' || ${t.billingLastName})) gin_trgm_ops`,
    ),
  ],
);

/**
 * Job counts per dispense status and channel, kept as signed deltas that a statement trigger on
 * `orders` appends (migration 0010). The tabs and the unfiltered totals sum them instead of
 * counting millions of orders; appending (rather than updating one counter row) means two status
 * changes never wait on, or deadlock over, the same counter. `compactOrderStatusDeltas` folds them.
 */
export const orderStatusDeltas = pgTable("order_status_deltas", {
  dispenseStatusId: integer("dispense_status_id").notNull(),
  channelId: integer("channel_id").notNull(),
  n: integer("n").notNull(),
});

export const orderPayments = pgTable("order_payments", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  amountMinor: integer("amount_minor").notNull(),
  paymentTypeName: text("payment_type_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const relatedOrders = pgTable(
  "related_orders",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    relatedOrderId: integer("related_order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.relatedOrderId] })],
);

export const itemGroups = pgTable("item_groups", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  type: text("type").notNull(),
});

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    groupId: integer("group_id").references(() => itemGroups.id),
    regionProductId: integer("region_product_id")
      .notNull()
      .references(() => regionProducts.id),
    /** −1 marks a refunded item (jobs-area §9). */
    quantity: integer("quantity").notNull().default(1),
    dispenseStatusId: integer("dispense_status_id")
      .notNull()
      .references(() => statuses.id),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    totalAmountMinor: integer("total_amount_minor").notNull(),
    discountAmountMinor: integer("discount_amount_minor").notNull().default(0),
    deliveryTypeId: integer("delivery_type_id").notNull().default(1),
    hoyaStatus: integer("hoya_status"),
    shamirStatus: integer("shamir_status"),
    nextScheduledDate: date("next_scheduled_date"),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_status_idx").on(t.dispenseStatusId),
  ],
);

/** Every status, outlet and priority change, with who and when. */
export const jobChanges = pgTable(
  "job_changes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    field: text("field", { enum: ["dispense_status", "item_status", "outlet", "priority"] }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value").notNull(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_changes_order_idx").on(t.orderId)],
);

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: jsonb("query").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_staff_idx").on(t.staffUserId),
    // One name per user, whatever its case: two saves of the same name at once still leave one.
    uniqueIndex("saved_searches_staff_name_idx").on(t.staffUserId, sql`lower(${t.name})`),
  ],
);
