import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { staffUsers } from "../staff/staff.tables";

export const billingAddresses = pgTable(
  "billing_addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    description: text("description"),
    address1: text("address1").notNull(),
    address2: text("address2"),
    suburb: text("suburb"),
    city: text("city").notNull(),
    state: text("state"),
    postcode: text("postcode").notNull(),
    country: text("country").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
    version: integer("version").notNull().default(1),
    /** The staff member who last created or changed the row, named in a version conflict. */
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("billing_addresses_customer_idx").on(t.customerId, t.updatedAt)],
);
