import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The sandbox gateway's own state, standing in for the provider's records. */
export const sandboxIntents = pgTable("sandbox_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  description: text("description"),
  status: text("status").notNull(),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox gateway's refunds, one per idempotency key, like the provider's refund objects. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxIntents.id),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_refunds_intent_idx").on(t.intentId)],
);
