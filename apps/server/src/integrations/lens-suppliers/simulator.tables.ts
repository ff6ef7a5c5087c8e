import { SUPPLIER_KINDS } from "@loupe/domain";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The local lab simulator's own book (the lab's side, not ours): an order it took, when, and
 * whether it was cancelled. Its state is worked out from the time since it was placed, one step
 * of the kind's path per LAB_SIMULATOR_STEP_SECONDS, so nothing has to run for it to advance.
 */
export const labSimulatorOrders = pgTable("lab_simulator_orders", {
  id: serial("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind", { enum: SUPPLIER_KINDS }).notNull(),
  reference: text("reference").notNull(),
  placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  /** Where it was when cancelled (its history stops there). */
  cancelledAtCode: integer("cancelled_at_code"),
  request: jsonb("request").$type<Record<string, unknown>>().notNull(),
});
