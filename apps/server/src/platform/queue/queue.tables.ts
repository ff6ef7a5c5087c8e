import { sql } from "drizzle-orm";
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The one queue of background work (ADR 0054). A row is a task of a registered kind: one-off (sent
 * once, `every_seconds` null) or a schedule (one row per kind, `every_seconds` set, moved on to its
 * next slot after each run). A worker claims due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_by`, `locked_until`), so two processes never run one row at once; a failed run is tried
 * again after a growing, jittered delay, and after `max_attempts` it is dead (`dead_at`) until an
 * administrator retries or discards it.
 */
export const queueTasks = pgTable(
  "queue_tasks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    /** The caller's key: a second enqueue with the same kind and key changes nothing. */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** Set on a schedule: its slot length. The slot is `run_at`. */
    everySeconds: doublePrecision("every_seconds"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Runs begun since it was queued, retried by hand, or (a schedule) since its last good slot. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    lockedBy: text("locked_by"),
    /** A claim is taken back by another worker after this (its process died mid-run). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When its tries ran out: it waits in the dead letter and is never claimed. */
    deadAt: timestamp("dead_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("queue_tasks_kind_key_idx").on(t.kind, t.key),
    index("queue_tasks_due_idx").on(t.runAt).where(sql`${t.deadAt} is null`),
    index("queue_tasks_dead_idx").on(t.deadAt).where(sql`${t.deadAt} is not null`),
  ],
);
export type QueueTaskRow = typeof queueTasks.$inferSelect;
