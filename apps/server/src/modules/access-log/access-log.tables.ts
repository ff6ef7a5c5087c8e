import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * One row per access to a health record (ADR 0013). Append-only: a trigger refuses UPDATE and any
 * DELETE that is not a retention purge of the oldest rows, and a BEFORE INSERT trigger assigns
 * `seq`, `occurred_at`, `prev_hash` and `hash` under a lock on the one-row head, so the rows form
 * one hash chain whatever the application sends. Ids are plain integers, not foreign keys: the
 * log outlives the staff, customers and records it names.
 */
export const accessLog = pgTable(
  "access_log",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    staffId: integer("staff_id"),
    staffRoleId: integer("staff_role_id"),
    staffOutletId: integer("staff_outlet_id"),
    staffRegionId: integer("staff_region_id"),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    resourceId: integer("resource_id"),
    customerId: integer("customer_id"),
    /** The screen the web app says it was on (`X-Loupe-Screen`), else null. */
    screen: text("screen"),
    /** The route pattern, e.g. `PUT /api/v4/prescriptions/:id`. */
    route: text("route"),
    requestId: text("request_id"),
    address: text("address"),
    outcome: text("outcome", { enum: ["allowed", "refused", "failed"] }).notNull(),
    /** The error code of a refused or failed access. */
    reason: text("reason"),
    /** Names of the columns an update changed, never their values. */
    changedFields: text("changed_fields").array(),
    prevHash: text("prev_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    index("access_log_customer_idx").on(t.customerId, t.occurredAt.desc(), t.seq.desc()),
    index("access_log_staff_idx").on(t.staffId, t.occurredAt.desc(), t.seq.desc()),
    // A staff member's report filtered by action reads only that action's entries.
    index("access_log_staff_action_idx").on(t.staffId, t.action, t.occurredAt.desc(), t.seq.desc()),
    // No index on occurred_at alone: with one, the planner walks it backwards for a report and
    // filters by customer (seconds at 10M rows). Retention walks the chain from its oldest end
    // by `seq` instead.
  ],
);

/** The chain's head: the last row's seq and hash, and how far retention has purged. One row, id 1. */
export const accessLogHead = pgTable(
  "access_log_head",
  {
    id: integer("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull().default(0),
    hash: text("hash").notNull(),
    /** Rows up to here were destroyed by retention; the next row's prev_hash is `purgedHash`. */
    purgedThroughSeq: bigint("purged_through_seq", { mode: "number" }).notNull().default(0),
    purgedHash: text("purged_hash").notNull(),
  },
  (t) => [check("access_log_head_one_row", sql`${t.id} = 1`)],
);

/** Retention periods per region (ADR 0013); a region without a row uses the defaults. */
export const retentionRules = pgTable(
  "retention_rules",
  {
    regionId: integer("region_id")
      .primaryKey()
      .references(() => regions.id),
    healthRecordYears: integer("health_record_years").notNull(),
    accessLogYears: integer("access_log_years").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("retention_rules_updated_by_idx").on(t.updatedBy)],
);

/** What retention destroyed, when and by which rule: counts and ids, never the content. */
export const destructionRecords = pgTable(
  "destruction_records",
  {
    id: serial("id").primaryKey(),
    destroyedAt: timestamp("destroyed_at", { withTimezone: true }).notNull().defaultNow(),
    staffId: integer("staff_id"),
    rule: text("rule").notNull(),
    kind: text("kind", { enum: ["health_records", "access_log"] }).notNull(),
    regionId: integer("region_id"),
    customerId: integer("customer_id"),
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("destruction_records_at_idx").on(t.destroyedAt)],
);

/**
 * Every signed anchor, kept in the database beside the rows it vouches for (issue 43): a restored
 * copy carries the anchors of its own point in time. Append-only for the server's role; a row
 * proves nothing by being here, only its signature under the public key given to `audit:verify`.
 */
export const accessLogAnchors = pgTable("access_log_anchors", {
  id: serial("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  headSeq: bigint("head_seq", { mode: "number" }).notNull(),
  /** The signed anchor as written to the file store (anchor, signature, public key). */
  signed: jsonb("signed").$type<Record<string, unknown>>().notNull(),
});
