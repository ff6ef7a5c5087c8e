import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { staffUsers } from "../staff/staff.tables";

/** One-time links that let staff open the web shop as a customer. Only a hash of the token is kept. */
export const shopLoginTokens = pgTable("shop_login_tokens", {
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  customerId: integer("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  staffUserId: integer("staff_user_id")
    .notNull()
    .references(() => staffUsers.id),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
