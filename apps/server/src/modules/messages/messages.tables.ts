import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { regions } from "../reference/reference.tables";

/** Message templates per region, with `{{customer.x | fallback}}` placeholders. */
export const messageTemplates = pgTable("message_templates", {
  id: serial("id").primaryKey(),
  regionId: integer("region_id")
    .notNull()
    .references(() => regions.id),
  templateName: text("template_name").notNull(),
  type: text("type", { enum: ["sms", "email"] }).notNull(),
  subject: text("subject"),
  contentTemplate: text("content_template").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
