import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The local rate-card courier's own bookings, standing in for a carrier's records. */
export const localCourierOrders = pgTable("local_courier_orders", {
  id: serial("id").primaryKey(),
  orderId: text("order_id").notNull().unique(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  trackingNumber: text("tracking_number").notNull().unique(),
  productId: text("product_id").notNull(),
  productName: text("product_name").notNull(),
  request: jsonb("request").$type<Record<string, unknown>>().notNull(),
  priceMinor: integer("price_minor").notNull(),
  status: text("status", { enum: ["booked", "cancelled"] })
    .notNull()
    .default("booked"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
