import { boolean, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  userEmail: text("user_email").notNull().unique(),
  sourceCountry: text("source_country").notNull(),
  sourceName: text("source_name").notNull(),
  sendType: text("send_type", { enum: ["ALL", "HEALTH", "NONE"] })
    .notNull()
    .default("ALL"),
  sendEmail: boolean("send_email").notNull().default(true),
  sendPhone: boolean("send_phone").notNull().default(true),
  sendSms: boolean("send_sms").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
