import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CustomerRowsMove } from "../../platform/db/customer-rows";
import { staffUsers } from "../staff/staff.tables";

// Duplicate customers (issue 46). Customer ids here are plain integers, not foreign keys: a merged
// customer's row is deleted (its id redirects) and may come back on undo, and the record of the
// merge must outlive both.

/** A possible duplicate found by the finder: the lower id first, once per pair. */
export const customerDuplicatePairs = pgTable(
  "customer_duplicate_pairs",
  {
    id: serial("id").primaryKey(),
    aId: integer("a_id").notNull(),
    bId: integer("b_id").notNull(),
    score: integer("score").notNull(),
    evidence: jsonb("evidence").$type<{ by: "email" | "mobile" | "name_dob"; detail: string }[]>().notNull(),
    state: text("state", { enum: ["open", "dismissed", "merged"] })
      .notNull()
      .default("open"),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last run that found it: a full run removes open pairs it no longer finds. */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who dismissed or merged it, and when. */
    settledBy: integer("settled_by").references(() => staffUsers.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_duplicate_pairs_uq").on(t.aId, t.bId),
    index("customer_duplicate_pairs_b_idx").on(t.bId),
    index("customer_duplicate_pairs_list_idx").on(t.state, t.score.desc(), t.id),
    index("customer_duplicate_pairs_settled_by_idx").on(t.settledBy),
    check("customer_duplicate_pairs_order", sql`${t.aId} < ${t.bId}`),
  ],
);

/**
 * Each run of the finder. The cursor of an incremental run is the last finished run's
 * `customers_up_to`: customers created or changed after it are compared with everyone.
 */
export const duplicateFinderRuns = pgTable(
  "duplicate_finder_runs",
  {
    id: serial("id").primaryKey(),
    full: boolean("full").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The newest customers.updated_at the run saw: the next incremental run starts after it. */
    customersUpTo: timestamp("customers_up_to", { withTimezone: true }),
    /** Customers compared (all, or those changed since the cursor). */
    customers: integer("customers"),
    pairsFound: integer("pairs_found"),
    ms: integer("ms"),
    error: text("error"),
  },
  (t) => [index("duplicate_finder_runs_finished_idx").on(t.finishedAt)],
);

/** What a merge changed, so that an administrator can undo it exactly (within 30 days). */
export const customerMerges = pgTable(
  "customer_merges",
  {
    id: serial("id").primaryKey(),
    keptId: integer("kept_id").notNull(),
    lostId: integer("lost_id").notNull(),
    keptName: text("kept_name").notNull(),
    lostName: text("lost_name").notNull(),
    /** The losing customer's whole row (SQL column names) as it was: the undo re-creates it. */
    lostSnapshot: jsonb("lost_snapshot").$type<Record<string, unknown>>().notNull(),
    /** The kept customer's values of the fields the merge changed, before and after. */
    keptBefore: jsonb("kept_before").$type<Record<string, unknown>>().notNull(),
    keptAfter: jsonb("kept_after").$type<Record<string, unknown>>().notNull(),
    choices: jsonb("choices").$type<Record<string, "keep" | "lose">>().notNull(),
    /** Per module: the row ids moved per table, and rows removed (kept whole). */
    moves: jsonb("moves").$type<Record<string, CustomerRowsMove>>().notNull(),
    pairId: integer("pair_id"),
    mergedBy: integer("merged_by").references(() => staffUsers.id, { onDelete: "set null" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
    undoneBy: integer("undone_by").references(() => staffUsers.id, { onDelete: "set null" }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("customer_merges_kept_idx").on(t.keptId),
    index("customer_merges_lost_idx").on(t.lostId),
    index("customer_merges_merged_at_idx").on(t.mergedAt.desc(), t.id.desc()),
    index("customer_merges_merged_by_idx").on(t.mergedBy),
    index("customer_merges_undone_by_idx").on(t.undoneBy),
  ],
);
