import { JOB_EVENT_KINDS, PAYMENT_KINDS, RECORDED_TENDERS } from "@loupe/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

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
    /**
     * The point of sale's own address for a job that came from it (a Lightspeed store's URL, issue
     * 45): the spec's link back to the sale. Null for jobs made in Loupe or online.
     */
    vendBaseUrl: text("vend_base_url"),
    originOutletId: integer("origin_outlet_id")
      .notNull()
      .references(() => outlets.id),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    coupons: jsonb("coupons").$type<{ code: string; amount: number }[]>().notNull().default([]),
    shipmentStatus: text("shipment_status", { enum: ["not_created", "created", "in_transit", "delivered"] })
      .notNull()
      .default("not_created"),
    shipmentCompany: text("shipment_company"),
    shipmentTrackingId: text("shipment_tracking_id"),
    /** The day promised to the customer, on the outlet's clock (issue 27, ADR 0036). */
    dueDate: date("due_date"),
    /** Counts the promised date's changes: an edit sends it back, a stale one is refused (409). */
    promiseVersion: integer("promise_version").notNull().default(1),
    /** Why the promise is at risk (a lens order's ETA later than it), or null. */
    atRiskReason: text("at_risk_reason"),
    /** The lens ETA that put it at risk: a promise moved to it or later clears the flag. */
    atRiskEta: date("at_risk_eta"),
    /** When the job reached its dispense status: a ready job's time on the shelf starts here. */
    dispenseStatusAt: timestamp("dispense_status_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the job's items are and what state they are in, kept by a trigger on order_items
     * (migration 0012). The location and item-status filters ask "has an item at / in …"; an
     * array with a GIN index answers that per job without a join across millions of items.
     */
    itemOutletIds: integer("item_outlet_ids").array().notNull().default(sql`'{}'::int[]`),
    itemStatusIds: integer("item_status_ids").array().notNull().default(sql`'{}'::int[]`),
    /**
     * "Has an item at outlet X and is in status S" as one key per (outlet, status): outlet × 1000 +
     * status (`outlet_status_keys`, migration 0038). A location filter with a status reads the GIN
     * posting list of exactly those pairs instead of every job ever at the outlet (issue 31).
     */
    itemOutletStatusKeys: integer("item_outlet_status_keys")
      .array()
      .generatedAlwaysAs(sql`outlet_status_keys(item_outlet_ids, dispense_status_id)`),
    /**
     * The searched fields in one lower-case text (migration 0040): a search with many matches walks
     * the date index newest first, and one `like` on this rejects most rows before the search's
     * own four-way test (invoice, uid, e-mail, name) runs on them (issue 31). Never shown.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(coalesce(vend_invoice_number, '') || ' ' || coalesce(billing_email, '') || ' ' || coalesce(billing_first_name, '') || ' ' || coalesce(billing_last_name, ''))`,
    ),
    /**
     * The job's money is finished (issue 44): refunded, voided or cancelled. Kept by a trigger from
     * the payment and dispense statuses (migration money_on_the_job), so the balance below reads
     * the job's own row only.
     */
    moneyClosed: boolean("money_closed").notNull().default(false),
    /**
     * What the customer still owes (ADR 0057). A refund returns money and takes the same value off
     * what the job costs, so it leaves the balance as it was: total less payments, never below
     * zero, and nothing on a closed job. Generated, so the list filters and sorts on an index.
     */
    balanceDueMinor: integer("balance_due_minor")
      .notNull()
      .generatedAlwaysAs(
        sql`case when money_closed then 0 else greatest(total_amount_minor - total_payment_minor, 0) end`,
      ),
    /**
     * The system an imported job came from ("optomate", issue 46) and its import batch: such a job
     * is history, read-only (the rulebook's `imported`). Null for jobs made in Loupe.
     */
    importedFrom: text("imported_from"),
    importBatchId: integer("import_batch_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An import batch's jobs, for its undo and reconciliation.
    index("orders_import_batch_idx").on(t.importBatchId).where(sql`${t.importBatchId} is not null`),
    // "Balance owing": only jobs that owe, newest first, read off this partial index.
    index("orders_balance_owing_idx").on(t.createdAt, t.id).where(sql`${t.balanceDueMinor} > 0`),
    // created_at then id: the list's order (newest first, id breaking ties) read straight off an index.
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.dispenseStatusId, t.createdAt, t.id),
    index("orders_channel_created_idx").on(t.channelId, t.createdAt, t.id),
    index("orders_outlet_created_idx").on(t.originOutletId, t.createdAt),
    index("orders_region_created_idx").on(t.regionId, t.createdAt),
    index("orders_customer_idx").on(t.customerId),
    // The workshop tabs and the outlet's day (issue 27): late is a due-date range per open status,
    // ready and uncollected a status-time range per ready status; per outlet, and across outlets.
    index("orders_outlet_status_due_idx").on(t.originOutletId, t.dispenseStatusId, t.dueDate),
    // The outlet last: across outlets, a due-date range is read off the index alone (no job rows).
    index("orders_status_due_idx").on(t.dispenseStatusId, t.dueDate, t.originOutletId),
    index("orders_outlet_status_since_idx").on(t.originOutletId, t.dispenseStatusId, t.dispenseStatusAt),
    index("orders_status_since_idx").on(t.dispenseStatusId, t.dispenseStatusAt, t.originOutletId),
    index("orders_due_idx").on(t.dueDate, t.id),
    index("orders_at_risk_idx")
      .on(t.originOutletId, t.dispenseStatusId)
      .where(sql`${t.atRiskReason} is not null`),
    index("orders_item_outlets_idx").using("gin", t.itemOutletIds),
    index("orders_item_statuses_idx").using("gin", t.itemStatusIds),
    index("orders_item_outlet_status_idx").using("gin", t.itemOutletStatusKeys),
    // The start of an invoice number ("PAR-20"): byte order makes a prefix one range (jobs-search.ts).
    index("orders_invoice_prefix_idx").on(sql`(lower(${t.vendInvoiceNumber}) collate "C")`),
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
    // A name search counts up to the cap off these two ranges first (ADR 0042); byte order makes a
    // prefix one range, and the plain columns let the count answer from the index alone.
    index("orders_billing_name_rank_idx").on(
      sql`(lower(${t.billingFirstName} || ' ' || ${t.billingLastName}) collate "C")`,
      t.billingFirstName,
      t.billingLastName,
    ),
    index("orders_billing_last_name_rank_idx").on(
      sql`(lower(${t.billingLastName}) collate "C")`,
      t.billingLastName,
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

/**
 * Money taken for a job. A card payment taken through the gateway names it and its PaymentIntent;
 * `authorised` means the card is held but not yet captured (a refund then is a void: cancel the hold).
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    paymentTypeName: text("payment_type_name").notNull(),
    gateway: text("gateway", { enum: ["sandbox", "stripe"] }),
    intentId: text("intent_id"),
    state: text("state", { enum: ["captured", "authorised"] })
      .notNull()
      .default("captured"),
    /**
     * How it was paid (issue 44): card, cash, eftpos, gift_card, health_fund. Older rows were
     * filled from their payment type's name by the migration; null only if one could not be read.
     */
    tender: text("tender", { enum: RECORDED_TENDERS }),
    /** The gift card's number, the health fund's claim number or the EFTPOS slip's number. */
    reference: text("reference"),
    /** deposit (taken when the job was made) or payment (any later one). */
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull().default("payment"),
    /**
     * The request's Idempotency-Key: a repeat (double click, retry, a second process) finds the
     * first payment instead of taking the money twice. Null on payments that came from elsewhere.
     */
    idempotencyKey: text("idempotency_key").unique(),
    takenBy: integer("taken_by").references(() => staffUsers.id),
    /** Where it was taken: the till it belongs to (the outlet's zone dates it on the receipt). */
    outletId: integer("outlet_id").references(() => outlets.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Indexed by job in migration 0014 (order_payments_order_id_fk_idx). By time for an outlet's
  // till by day (the till summary): that day's payments chain-wide, then their jobs' outlet;
  // without it every payment ever taken was read (77 ms at 2M jobs, issue 31). A card payment is
  // recorded on a job once: the same succeeded intent never pays twice.
  (t) => [
    index("order_payments_created_idx").on(t.createdAt),
    uniqueIndex("order_payments_intent_idx").on(t.intentId).where(sql`${t.intentId} is not null`),
    // A staff member or an outlet removed checks its payments through these keys.
    index("order_payments_taken_by_idx").on(t.takenBy),
    index("order_payments_outlet_idx").on(t.outletId),
  ],
);

/**
 * One row per refund attempt (a void is one too): claimed before the gateway is called, then
 * marked succeeded or failed. A full refund is `amount_minor` = everything still refundable;
 * a partial refund would be another row with a smaller amount. At most one full refund per job
 * is pending or done (partial unique index), and the claim checks, under the job's row lock, that
 * the attempts not failed never add up to more than was paid.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: ["refund", "void"] }).notNull(),
    scope: text("scope", { enum: ["full", "partial"] })
      .notNull()
      .default("full"),
    amountMinor: integer("amount_minor").notNull(),
    /** Where the money goes back: through the card gateway, or at the outlet's till. */
    method: text("method", { enum: ["gateway", "till"] }).notNull(),
    /**
     * `incomplete`: a partial refund split over several card payments that the gateway refused
     * part-way (some payments refunded, one not); the same request completes it (ADR 0033).
     */
    status: text("status", { enum: ["pending", "succeeded", "failed", "incomplete"] })
      .notNull()
      .default("pending"),
    reason: text("reason").notNull(),
    /** A partial refund's returned items: units and the amount each returned (ADR 0033). */
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    /** The manager whose approval let this refund above the region's limit through (ADR 0022). */
    approvedBy: integer("approved_by").references(() => staffUsers.id),
    gatewayRefs: jsonb("gateway_refs").$type<string[]>().notNull().default([]),
    error: text("error"),
    /** Who refunded in Loupe; null for a refund made at the point of sale or web shop (issue 45). */
    staffUserId: integer("staff_user_id").references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId),
    index("order_refunds_staff_idx").on(t.staffUserId),
    index("order_refunds_approved_by_idx").on(t.approvedBy),
    // The till summary's refunds completed on a day.
    index("order_refunds_completed_idx").on(t.completedAt),
    uniqueIndex("order_refunds_one_full_uq")
      .on(t.orderId)
      .where(sql`${t.scope} = 'full' and ${t.status} <> 'failed'`),
    check("order_refunds_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

export interface RefundLine {
  itemId: number;
  quantity: number;
  amountMinor: number;
}

/**
 * A partial refund's share for one card payment (ADR 0033): claimed with the attempt, sent to the
 * gateway with its own idempotency key, and marked after. The claim keeps, under the job's row
 * lock, the shares not failed of each payment at or below what it captured. `tries` counts the
 * gateway's refusals: a completed retry after a refusal uses a new key (nothing moved on the old one).
 */
export const orderRefundPayments = pgTable(
  "order_refund_payments",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => orderPayments.id, { onDelete: "cascade" }),
    /** Order of the split (first payment taken, first refunded). */
    position: smallint("position").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    tries: smallint("tries").notNull().default(1),
    gatewayRef: text("gateway_ref"),
    error: text("error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refund_payments_refund_payment_uq").on(t.refundId, t.paymentId),
    index("order_refund_payments_payment_idx").on(t.paymentId),
    // The till summary's card refund shares settled on a day.
    index("order_refund_payments_updated_idx").on(t.updatedAt),
    check("order_refund_payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

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

/**
 * The job's timeline: every change to a job (status, item status, outlet, priority, refund, void,
 * customer, link, receipt sent, notes), written in the same transaction as the change. Values are
 * kept in staff words at the time (status names, outlet abbreviations, customer names).
 */
export const jobEvents = pgTable(
  "job_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: JOB_EVENT_KINDS }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** Null when the system made the change. */
    staffUserId: integer("staff_user_id").references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("job_events_order_idx").on(t.orderId, t.createdAt),
    index("job_events_order_item_idx").on(t.orderItemId),
    index("job_events_staff_idx").on(t.staffUserId),
    // A shipment's move (created, in transit, delivered, cancelled of one tracking number) is on the timeline once.
    uniqueIndex("job_events_shipment_once_uq")
      .on(t.orderId, t.fromValue, t.toValue)
      .where(sql`${t.kind} = 'shipment'`),
  ],
);

/**
 * An outlet's workshop settings (issue 27): turnaround in working days per product kind, the
 * weekdays it works, and how long a ready job may wait before it counts as uncollected. An outlet
 * without a row uses the domain's defaults.
 */
export const outletWorkshopSettings = pgTable("outlet_workshop_settings", {
  outletId: integer("outlet_id")
    .primaryKey()
    .references(() => outlets.id, { onDelete: "cascade" }),
  turnaroundDays: jsonb("turnaround_days").$type<Record<string, number>>().notNull(),
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  workingDays: smallint("working_days").array().notNull(),
  uncollectedAfterDays: smallint("uncollected_after_days").notNull().default(7),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A public holiday: for a whole region (outlet null) or one outlet (a local show day). */
export const publicHolidays = pgTable(
  "public_holidays",
  {
    id: serial("id").primaryKey(),
    regionId: integer("region_id").references(() => regions.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id").references(() => outlets.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    index("public_holidays_region_day_idx").on(t.regionId, t.day),
    index("public_holidays_outlet_day_idx").on(t.outletId, t.day),
    check("public_holidays_region_or_outlet", sql`(${t.regionId} is null) <> (${t.outletId} is null)`),
  ],
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

/**
 * Each outlet's invoice sequence (issue 44, ADR 0058): the next number a job made at its counter
 * gets. Taken by `update … set next = next + 1 returning` in the job's own transaction, so parallel
 * creations at one outlet queue on the row and a rolled-back creation gives its number back: no
 * gaps, no number twice. The row is made on the outlet's first counter job, above every number its
 * jobs already carry.
 */
export const outletInvoiceCounters = pgTable(
  "outlet_invoice_counters",
  {
    outletId: integer("outlet_id")
      .primaryKey()
      .references(() => outlets.id),
    next: integer("next").notNull(),
  },
  (t) => [check("outlet_invoice_counters_next_positive", sql`${t.next} > 0`)],
);
