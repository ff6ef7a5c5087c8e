import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { staffUsers } from "../staff/staff.tables";

/**
 * The chain's role settings (ADR 0022): one row (id 1), the RoleSettings record as JSON. Absent
 * until an administrator first saves; readers then get the domain's defaults at version 1.
 */
export const roleSettings = pgTable(
  "role_settings",
  {
    id: integer("id").primaryKey(),
    settings: jsonb("settings").notNull(),
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("role_settings_single_row", sql`${t.id} = 1`),
    index("role_settings_updated_by_idx").on(t.updatedBy),
  ],
);
