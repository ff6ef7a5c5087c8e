import { integer, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";

/** Who invited whom; a customer can be invited once. The reward is redeemed when the referee first buys. */
export const referrals = pgTable("referrals", {
  id: serial("id").primaryKey(),
  referrerId: integer("referrer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  refereeId: integer("referee_id")
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: "cascade" }),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
