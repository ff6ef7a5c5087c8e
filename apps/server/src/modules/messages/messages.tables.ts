import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

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
  /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
  version: integer("version").notNull().default(1),
  /** The staff member who last created or changed the row, named in a version conflict. */
  updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
});
