import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    mobile: text("mobile"),
    phone: text("phone"),
    dob: date("dob"),
    gender: text("gender", { enum: ["Male", "Female"] }),
    occupation: text("occupation"),
    hobbies: text("hobbies"),
    newOptIn: text("new_opt_in", { enum: ["ALL", "HEALTH", "NONE"] })
      .notNull()
      .default("ALL"),
    channelSms: boolean("channel_sms").notNull().default(true),
    channelPhone: boolean("channel_phone").notNull().default(true),
    channelEmail: boolean("channel_email").notNull().default(true),
    regionId: integer("region_id").references(() => regions.id),
    outletId: integer("outlet_id").references(() => outlets.id),
    homeRegionId: integer("home_region_id").references(() => regions.id),
    /** A web-shop account exists for this customer (needed to log in to e-commerce as them). */
    hasShopAccount: boolean("has_shop_account").notNull().default(false),
    recallDueDate: date("recall_due_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
    version: integer("version").notNull().default(1),
    /** The staff member who last created or changed the row, named in a version conflict. */
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("customers_email_idx").on(sql`lower(${t.email})`),
    // Each sort the list offers reads a page off an index, either direction (customers.search.ts).
    index("customers_dob_idx").on(t.dob.asc().nullsLast(), t.id.asc()),
    index("customers_dob_desc_idx").on(t.dob.desc().nullsLast(), t.id.desc().nullsFirst()),
    index("customers_region_idx").on(t.regionId),
    index("customers_created_idx").on(t.createdAt, t.id),
    index("customers_first_name_idx").on(sql`lower(${t.firstName})`, t.id),
    index("customers_last_name_idx").on(sql`lower(${t.lastName})`, t.id),
    // Phone and mobile are matched on their digits, whatever spacing staff typed them with.
    index("customers_mobile_digits_idx").on(
      sql`regexp_replace(coalesce(${t.mobile}, ''), '[^0-9]', '', 'g')`,
    ),
    index("customers_phone_digits_idx").on(sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g')`),
    index("customers_email_trgm_idx").using("gin", sql`(lower(coalesce(${t.email}, ''))) gin_trgm_ops`),
    index("customers_updated_idx").on(t.updatedAt, t.id),
    index("customers_name_trgm_idx").using(
      "gin",
      sql`(lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    // The ranked name search reads its first tiers off these in order (customers.search.ts, ADR 0019):
    // byte order ("C") so that a prefix is one index range whatever the database's locale. The plain
    // name columns at the end change no order; they let PostgreSQL answer from the index alone
    // (index-only scans), which it does for an expression only when its columns are in the index.
    index("customers_name_rank_idx").on(
      sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`,
      t.id.desc().nullsFirst(),
      t.firstName,
      t.lastName,
    ),
    index("customers_last_name_rank_idx").on(
      sql`(lower(${t.lastName}) collate "C")`,
      sql`(lower(${t.firstName}) collate "C")`,
      t.id.desc().nullsFirst(),
      t.lastName,
      t.firstName,
    ),
  ],
);

/**
 * A customer merged into another (issue 46): its row is gone, its id answers as a redirect to the
 * kept one (GET 308, edits 409) until the merge is undone. Chains (A into B, then B into C) are
 * followed one hop per redirect.
 */
export const customerRedirects = pgTable("customer_redirects", {
  fromId: integer("from_id").primaryKey(),
  toId: integer("to_id").notNull(),
  /** The merge that made it (customer_merges.id). */
  mergeId: integer("merge_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's history (issue 46): what happened to the record as a whole, as staff read it on the
 * customer's History panel: brought in by an import, merged with another record, a merge undone.
 * Plain words only, never health data (the access log says who read what). Goes with the customer.
 */
export const customerEvents = pgTable(
  "customer_events",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: ["imported", "merged_in", "merged_into", "merge_undone"] }).notNull(),
    detail: text("detail").notNull(),
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** What the event belongs to, for its screen's link: `{ batch_id }`, `{ merge_id }`. */
    ref: jsonb("ref").$type<Record<string, number | string>>(),
  },
  (t) => [index("customer_events_customer_idx").on(t.customerId, t.occurredAt.desc(), t.id.desc())],
);
