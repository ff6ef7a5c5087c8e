import type { Database } from "../db/client";

export interface KindCounts {
  kind: string;
  /** Due and waiting for a worker: the queue's depth. */
  due: number;
  running: number;
  /** Waiting for a later time (a retry's backoff, a schedule's next slot). */
  later: number;
  dead: number;
}

export interface DeadTask {
  id: number;
  kind: string;
  key: string | null;
  attempts: number;
  lastError: string | null;
  runAt: Date;
  deadAt: Date;
  createdAt: Date;
}

/**
 * What administrators and the metrics see of the queue (ADR 0054): tasks by kind and state, and
 * the dead letter with its Retry and Discard. `onRetried` wakes this process's poll loop.
 */
export function queueView(database: Database, onRetried: () => void) {
  return {
    /** Tasks by kind and state, for the metrics and the administrators' screen. */
    async counts(): Promise<KindCounts[]> {
      const rows = await database.query<{
        kind: string;
        due: string;
        running: string;
        later: string;
        dead: string;
      }>(
        `select kind,
                count(*) filter (where dead_at is null and run_at <= now() and (locked_until is null or locked_until < now())) as due,
                count(*) filter (where dead_at is null and locked_until >= now()) as running,
                count(*) filter (where dead_at is null and run_at > now() and (locked_until is null or locked_until < now())) as later,
                count(*) filter (where dead_at is not null) as dead
           from queue_tasks group by kind order by kind`,
      );
      return rows.map((r) => ({
        kind: r.kind,
        due: Number(r.due),
        running: Number(r.running),
        later: Number(r.later),
        dead: Number(r.dead),
      }));
    },

    /** The dead letter, newest first. */
    async dead(limit = 100): Promise<DeadTask[]> {
      const rows = await database.query<{
        id: string | number;
        kind: string;
        key: string | null;
        attempts: number;
        last_error: string | null;
        run_at: Date | string;
        dead_at: Date | string;
        created_at: Date | string;
      }>(
        `select id, kind, key, attempts, last_error, run_at, dead_at, created_at from queue_tasks
          where dead_at is not null order by dead_at desc, id desc limit $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        key: r.key,
        attempts: r.attempts,
        lastError: r.last_error,
        runAt: new Date(r.run_at),
        deadAt: new Date(r.dead_at),
        createdAt: new Date(r.created_at),
      }));
    },

    /** Gives a dead task a fresh round of tries, due now. Answers false when it is not dead (gone, or retried already). */
    async retryDead(id: number): Promise<boolean> {
      const rows = await database.query(
        `update queue_tasks set dead_at = null, attempts = 0, run_at = now(), locked_by = null, locked_until = null
          where id = $1 and dead_at is not null returning id`,
        [id],
      );
      if (rows.length) onRetried();
      return rows.length > 0;
    },

    /** Drops a dead task for good. Answers false when it is not dead. */
    async discardDead(id: number): Promise<boolean> {
      const rows = await database.query(
        "delete from queue_tasks where id = $1 and dead_at is not null returning id",
        [id],
      );
      return rows.length > 0;
    },
  };
}
