import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * A job's receipt links revoked (ADR 0026): every link issued before `revoked_at` stops opening.
 * No foreign key to the job: the receipts module writes only its own table.
 */
export const receiptLinkRevocations = pgTable("receipt_link_revocations", {
  orderId: integer("order_id").primaryKey(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  revokedBy: integer("revoked_by"),
});
