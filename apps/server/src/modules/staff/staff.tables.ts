import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { outlets, regions } from "../reference/reference.tables";

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    roleId: integer("role_id").notNull().default(2),
    isBetaUser: boolean("is_beta_user").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    // The SELECTED location (the location selector's region and outlet): where the user works now.
    regionId: integer("region_id").references(() => regions.id),
    outletId: integer("outlet_id").references(() => outlets.id),
    // The HOME location an administrator assigns (ADR 0022): a non-administrator selects only
    // outlets of the home region, and a manager approves only jobs of it.
    homeRegionId: integer("home_region_id").references(() => regions.id),
    homeOutletId: integer("home_outlet_id").references(() => outlets.id),
    profileImage: text("profile_image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Staff management's optimistic edits (ADR 0007, 0022); the self-service location change does not bump it.
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references((): AnyPgColumn => staffUsers.id, { onDelete: "set null" }),
  },
  // E-mail is matched case-insensitively at sign-in, so uniqueness is on lower(email).
  (t) => [
    uniqueIndex("staff_users_email_uq").on(sql`lower(${t.email})`),
    // Every foreign key has an index led by it (foreign-key-indexes.test.ts).
    index("staff_users_home_outlet_idx").on(t.homeOutletId),
    index("staff_users_home_region_idx").on(t.homeRegionId),
    index("staff_users_updated_by_idx").on(t.updatedBy),
  ],
);
