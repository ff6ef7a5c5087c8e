import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * Notes (comments) on a customer, an order or an order item. Order ids are plain integers here
 * so the notes module does not depend on the jobs tables; the jobs module checks they exist.
 */
export const notes = pgTable(
  "notes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    orderId: integer("order_id"),
    orderItemId: integer("order_item_id"),
    content: text("content").notNull(),
    /** Null for notes the system wrote (shown as "System"). */
    creatorId: integer("creator_id").references(() => staffUsers.id),
    fileIds: jsonb("file_ids").$type<number[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
    version: integer("version").notNull().default(1),
    /** The staff member who last created or changed the row, named in a version conflict. */
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("notes_customer_idx").on(t.customerId),
    index("notes_order_idx").on(t.orderId),
    index("notes_order_item_idx").on(t.orderItemId),
  ],
);
