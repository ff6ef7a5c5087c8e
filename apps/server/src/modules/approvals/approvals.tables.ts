import { APPROVAL_ACTIONS } from "@loupe/domain";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * A manager's approval of a refund or void above the region's limit, given by signing in on the
 * requesting staff member's screen (ADR 0022). It lets one refund of that job by that staff member,
 * of at most `amount_minor`, through before it expires; the refund's claim marks it used in its own
 * transaction (ADR 0049). It opens no session for the manager.
 */
export const orderApprovals = pgTable(
  "order_approvals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    action: text("action", { enum: APPROVAL_ACTIONS }).notNull(),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => staffUsers.id),
    approvedBy: integer("approved_by")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The most it lets through; rows from before amounts were bound (0) let nothing through. */
    amountMinor: integer("amount_minor").notNull().default(0),
    /** When a refund used it; an approval is used once. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  // Every foreign key has an index led by it: deleting or merging a staff member never scans the table.
  (t) => [
    index("order_approvals_order_idx").on(t.orderId, t.requestedBy, t.createdAt),
    index("order_approvals_requested_by_idx").on(t.requestedBy),
    index("order_approvals_approved_by_idx").on(t.approvedBy),
  ],
);
