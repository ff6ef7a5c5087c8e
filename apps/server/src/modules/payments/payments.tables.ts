import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { staffUsers } from "../staff/staff.tables";

/** Our record of every card payment staff take; one row per idempotency key. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    gateway: text("gateway").notNull(),
    intentId: text("intent_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    description: text("description"),
    source: text("source"),
    customerId: integer("customer_id").references(() => customers.id),
    orderId: integer("order_id"),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    noteId: integer("note_id"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_customer_idx").on(t.customerId), index("payments_intent_idx").on(t.intentId)],
);
