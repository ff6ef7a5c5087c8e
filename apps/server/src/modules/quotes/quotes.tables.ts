import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * A quote (issue 44, ADR 0058): for a customer or a guest, at an outlet, open until it expires
 * (QUOTE_EXPIRY_DAYS on the outlet's clock), is cancelled or is accepted into a job. Edits carry
 * `version`. `create_key` is the Idempotency-Key of a "New job" made in one call (a retry finds
 * this quote and answers its job); `accept_key` that of the accept that made the job.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    customerId: integer("customer_id").references(() => customers.id),
    guestFirstName: text("guest_first_name"),
    guestLastName: text("guest_last_name"),
    guestEmail: text("guest_email"),
    guestMobile: text("guest_mobile"),
    note: text("note"),
    status: text("status", { enum: ["open", "accepted", "expired", "cancelled"] })
      .notNull()
      .default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The priced totals, written with the lines (minor units of the outlet's currency). */
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull().default(0),
    /** Tax per name (GST, HST, PST, QST): [{ name, rate, amountMinor }]. */
    taxes: jsonb("taxes")
      .$type<{ name: string; rate: number; amountMinor: number }[]>()
      .notNull()
      .default([]),
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    orderId: integer("order_id").references(() => orders.id),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createKey: text("create_key"),
    acceptKey: text("accept_key"),
  },
  (t) => [
    index("quotes_customer_idx").on(t.customerId, t.createdAt),
    index("quotes_outlet_idx").on(t.outletId, t.createdAt),
    index("quotes_created_by_idx").on(t.createdBy),
    index("quotes_updated_by_idx").on(t.updatedBy),
    uniqueIndex("quotes_order_uq").on(t.orderId),
    uniqueIndex("quotes_create_key_uq").on(t.createKey),
    uniqueIndex("quotes_accept_key_uq").on(t.acceptKey),
    // Whom the quote is for: a customer, or a guest with a name.
    check("quotes_customer_or_guest", sql`${t.customerId} is not null or ${t.guestFirstName} is not null`),
    // Accepted exactly when it names its job.
    check("quotes_accepted_has_order", sql`(${t.status} = 'accepted') = (${t.orderId} is not null)`),
  ],
);

/**
 * A line of a quote: the product as it was quoted (name, unit price, kind and tax class copied, so
 * a later price change never changes the quote), its discount and tax share, and for a spectacle
 * or lens item the selection with the prescription, PD and lens frozen (health data: the quote's
 * reads are access-logged).
 */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    regionProductId: integer("region_product_id")
      .notNull()
      .references(() => regionProducts.id),
    name: text("name").notNull(),
    kind: text("kind"),
    taxClass: text("tax_class", { enum: ["standard", "health", "exempt"] }).notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    quantity: integer("quantity").notNull(),
    /** As entered: { kind: "amount", amount_minor } or { kind: "percent", percent }. */
    discount: jsonb("discount").$type<Record<string, unknown>>(),
    discountMinor: integer("discount_minor").notNull().default(0),
    netMinor: integer("net_minor").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull().default(0),
    taxes: jsonb("taxes")
      .$type<{ name: string; rate: number; amountMinor: number }[]>()
      .notNull()
      .default([]),
    /** The selection payload (frame, prescription id, PD id, lens option) as chosen. */
    selection: jsonb("selection").$type<Record<string, unknown>>(),
    /** The job edit's additional_info for it, made when quoted: the Rx, PD and lens values then. */
    selectionInfo: jsonb("selection_info").$type<Record<string, unknown>>(),
    /** The manager whose approval let a discount above the role's limit through. */
    approvedBy: integer("approved_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("quote_lines_quote_position_uq").on(t.quoteId, t.position),
    index("quote_lines_region_product_idx").on(t.regionProductId),
    index("quote_lines_approved_by_idx").on(t.approvedBy),
    check("quote_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "quote_lines_discount_within",
      sql`${t.discountMinor} >= 0 and ${t.discountMinor} <= ${t.unitPriceMinor} * ${t.quantity}`,
    ),
  ],
);

/**
 * A manager's approval of a line discount above the requesting staff member's limit (the refund
 * approval's way, ADR 0049): typed on the staff member's screen, for at most `amount_minor` off one
 * line, once, within APPROVAL_TTL_MINUTES; bound to the quote, or to no quote for a "New job" made
 * in one call. The line's write marks it used in its own transaction.
 */
export const quoteDiscountApprovals = pgTable(
  "quote_discount_approvals",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => staffUsers.id),
    approvedBy: integer("approved_by")
      .notNull()
      .references(() => staffUsers.id),
    amountMinor: integer("amount_minor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("quote_discount_approvals_quote_idx").on(t.quoteId),
    index("quote_discount_approvals_requested_by_idx").on(t.requestedBy),
    index("quote_discount_approvals_approved_by_idx").on(t.approvedBy),
  ],
);
