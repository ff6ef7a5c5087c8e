import { index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { orderItems } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * Every saved selection of an order item, numbered from 1 (ADR 0011). The primary key is what
 * makes a save from a stale revision lose: the next number can be inserted once, so of two saves
 * from the same revision exactly one succeeds. `snapshot` holds the prescription, PD and lens as
 * they were when saved, so a later edit of the prescription never changes what the job was made with.
 */
export const orderItemSelections = pgTable(
  "order_item_selections",
  {
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** The item-selection payload as sent (customize, prescription, pdId, product_lens_addons_id…). */
    selection: jsonb("selection").$type<Record<string, unknown>>().notNull(),
    /** The additional_info written to the item by this revision, with resolved values. */
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>().notNull(),
    restoredFrom: integer("restored_from"),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.revision] }),
    index("order_item_selections_staff_idx").on(t.staffUserId),
  ],
);
