import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Database, Db } from "../db/client";
import { type RetryPolicy, retryDelayMs } from "./backoff";
import { queueTasks } from "./queue.tables";
import { queueView } from "./queue-view";

export type { DeadTask, KindCounts } from "./queue-view";

/** What a handler is told about the task it runs. */
export interface TaskRun {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** When it was due: a schedule's slot. */
  runAt: Date;
}
export type TaskHandler = (task: TaskRun) => Promise<unknown>;

export interface KindOptions {
  /** Runs before the task is dead (default: the queue's). */
  maxAttempts?: number;
}

export interface ScheduleOptions extends KindOptions {
  /** The first slot, from now (default: one interval). */
  firstAfterSeconds?: number;
}

export interface EnqueueOptions extends KindOptions {
  /** A second enqueue of the same kind and key changes nothing while the first is kept. */
  key?: string;
  runAt?: Date;
  /** The caller's transaction: the task is queued with its change, or not at all. */
  tx?: Db;
}

export interface QueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface QueueOptions {
  database: Database;
  log: QueueLog;
  /** The longest wait between looks for due tasks (shorter when a schedule is shorter). */
  pollSeconds?: number;
  /** How long a claim holds; a running task renews it, so only a dead process's claims lapse. */
  leaseSeconds?: number;
  maxAttempts?: number;
  retry?: RetryPolicy;
  /** The longest wait between tries while the database does not answer. */
  maxOutageWaitMs?: number;
  /** Tasks run at once by this process. */
  concurrency?: number;
  workerId?: string;
  random?: () => number;
}

interface Claimed {
  id: string | number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown> | null;
  every_seconds: number | null;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
}

const SCHEDULE_KEY = "schedule";
const ERROR_CHARS = 2000;

/** A schedule's next slot after the one it ran: whole intervals on from it, past now (slots missed while down are skipped, not run in a burst). */
const NEXT_SLOT = `case when run_at > now() then run_at
  else run_at + make_interval(secs => every_seconds * (floor(extract(epoch from now() - run_at) / every_seconds) + 1)) end`;

/**
 * The one queue of background work (ADR 0054), on the application's own database (PostgreSQL or
 * the embedded PGlite). Modules register kinds (`define` for one-off tasks, `every` for schedules)
 * and enqueue tasks, inside their transaction when the task belongs to a change. Each process runs
 * one poll loop: it claims due tasks it has a handler for (SKIP LOCKED plus a lease it renews while
 * the task runs), runs them, and records the outcome only if it still holds the claim; a failed
 * run waits a growing, jittered delay, and after `maxAttempts` runs the task is dead until an
 * administrator retries or discards it. A schedule is one row per kind whose `run_at` is its slot,
 * so however many processes run, one slot runs once; a slot that dies leaves a dead copy behind and
 * the schedule goes on to its next slot. The loop never throws: while the database does not
 * answer it waits longer each time (up to `maxOutageWaitMs`) and carries on when it is back.
 */
export function createQueue(options: QueueOptions) {
  const { database, log } = options;
  const pollMs = (options.pollSeconds ?? 1) * 1000;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const defaultMaxAttempts = options.maxAttempts ?? 5;
  const retry = options.retry ?? { baseMs: 5_000, maxMs: 10 * 60_000 };
  const maxOutageWaitMs = options.maxOutageWaitMs ?? 10_000;
  const concurrency = options.concurrency ?? 4;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const random = options.random ?? Math.random;

  const handlers = new Map<string, TaskHandler>();
  const maxAttemptsOf = new Map<string, number>();
  /** Schedules still to be written (at start, and again if the database did not answer). */
  const unwritten = new Map<string, { seconds: number; firstAfter: number }>();
  let shortestEveryMs = Number.POSITIVE_INFINITY;
  /** Schedules woken in this process: run as soon as no one holds them, slot or not. */
  const woken = new Set<string>();
  const counters = new Map<string, { ok: number; failed: number; dead: number }>();
  const count = (kind: string, outcome: "ok" | "failed" | "dead") => {
    const c = counters.get(kind) ?? { ok: 0, failed: 0, dead: 0 };
    c[outcome]++;
    counters.set(kind, c);
  };

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  const running = new Set<Promise<void>>();
  let outageWaitMs = 0;
  /** Outcomes the database did not take (it went away mid-run): written at the next look, so the claim need not lapse first. */
  const unrecorded: { task: Claimed; error: string | null }[] = [];

  function register(kind: string, handler: TaskHandler, opts: KindOptions) {
    if (handlers.has(kind)) throw new Error(`Queue kind "${kind}" is registered twice.`);
    handlers.set(kind, handler);
    maxAttemptsOf.set(kind, opts.maxAttempts ?? defaultMaxAttempts);
  }

  async function writeSchedules() {
    for (const [kind, s] of unwritten) {
      await database.query(
        `insert into queue_tasks (kind, key, every_seconds, run_at, max_attempts)
         values ($1, $2, $3, now() + make_interval(secs => $4), $5)
         on conflict (kind, key) do update set every_seconds = excluded.every_seconds,
           max_attempts = excluded.max_attempts, run_at = least(queue_tasks.run_at, excluded.run_at)`,
        [kind, SCHEDULE_KEY, s.seconds, s.firstAfter, maxAttemptsOf.get(kind)],
      );
      unwritten.delete(kind);
    }
  }

  const CLAIM = (
    which: string,
  ) => `update queue_tasks set locked_by = $1, locked_until = now() + make_interval(secs => $2),
            attempts = attempts + 1
      where id in (
        select id from queue_tasks
         where dead_at is null and kind = any($3) and (locked_until is null or locked_until < now()) and ${which}
         order by run_at limit $4
         for update skip locked)
      returning id, kind, key, payload, every_seconds, run_at, attempts, max_attempts`;
  // Due rows by the index on run_at (an idle queue with many tasks waiting for later reads only the
  // due end of it); woken schedules, rarely, in a second statement.
  const CLAIM_DUE = CLAIM("run_at <= now()");
  const CLAIM_WOKEN = CLAIM("every_seconds is not null and kind = any($5)");

  async function claim(limit: number): Promise<Claimed[]> {
    if (!handlers.size || limit <= 0) return [];
    const kinds = [...handlers.keys()];
    const rows = await database.query<Claimed>(CLAIM_DUE, [workerId, leaseSeconds, kinds, limit]);
    if (woken.size && rows.length < limit)
      rows.push(
        ...(await database.query<Claimed>(CLAIM_WOKEN, [
          workerId,
          leaseSeconds,
          kinds,
          limit - rows.length,
          [...woken],
        ])),
      );
    for (const r of rows) if (r.every_seconds !== null) woken.delete(r.kind);
    return rows;
  }

  /** Records how a run ended, if this worker still holds the claim (else another took it over and records its own). */
  async function finish(task: Claimed, error: string | null) {
    const id = Number(task.id);
    const schedule = task.every_seconds !== null;
    if (error === null) {
      if (schedule)
        await database.query(
          `update queue_tasks set attempts = 0, last_error = null, locked_by = null, locked_until = null,
                  run_at = ${NEXT_SLOT}
            where id = $1 and locked_by = $2`,
          [id, workerId],
        );
      else await database.query("delete from queue_tasks where id = $1 and locked_by = $2", [id, workerId]);
      return;
    }
    const message = error.slice(0, ERROR_CHARS);
    if (task.attempts < task.max_attempts) {
      const waitSeconds = retryDelayMs(task.attempts, retry, random) / 1000;
      await database.query(
        `update queue_tasks set last_error = $3, locked_by = null, locked_until = null,
                run_at = now() + make_interval(secs => $4)
          where id = $1 and locked_by = $2`,
        [id, workerId, message, waitSeconds],
      );
      return;
    }
    if (!schedule) {
      await database.query(
        `update queue_tasks set last_error = $3, locked_by = null, locked_until = null, dead_at = now()
          where id = $1 and locked_by = $2`,
        [id, workerId, message],
      );
      return;
    }
    // The slot's dead copy (keyed by its slot, so a repeat adds nothing) and the schedule's next
    // slot, in one statement: the schedule never stops because one slot could not run.
    await database.query(
      `with slot as (
         select kind, payload, run_at, attempts, max_attempts from queue_tasks where id = $1 and locked_by = $2
       ), moved as (
         update queue_tasks set attempts = 0, last_error = $3, locked_by = null, locked_until = null,
                run_at = ${NEXT_SLOT}
          where id = $1 and locked_by = $2 returning id
       )
       insert into queue_tasks (kind, key, payload, run_at, attempts, max_attempts, last_error, dead_at)
       select kind, 'slot ' || to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), payload,
              run_at, attempts, max_attempts, $3, now()
         from slot where exists (select 1 from moved)
       on conflict (kind, key) do nothing`,
      [id, workerId, message],
    );
  }

  async function runTask(task: Claimed) {
    const handler = handlers.get(task.kind)!;
    // Renews the claim while the task runs, so a long round is never taken over by another worker.
    const renew = setInterval(
      () => {
        database
          .query(
            "update queue_tasks set locked_until = now() + make_interval(secs => $3) where id = $1 and locked_by = $2",
            [Number(task.id), workerId, leaseSeconds],
          )
          .catch(() => {});
      },
      (leaseSeconds * 1000) / 3,
    );
    renew.unref();
    let error: string | null = null;
    try {
      await handler({
        id: Number(task.id),
        kind: task.kind,
        key: task.key,
        payload: task.payload ?? {},
        attempt: task.attempts,
        runAt: new Date(task.run_at),
      });
    } catch (err) {
      error = (err as Error)?.message || String(err);
      log.warn(
        { err, taskId: Number(task.id), kind: task.kind, attempt: task.attempts },
        "queue: task failed",
      );
    } finally {
      clearInterval(renew);
    }
    const outcome = error === null ? "ok" : task.attempts < task.max_attempts ? "failed" : "dead";
    count(task.kind, outcome);
    if (outcome === "dead")
      log.error(
        { taskId: Number(task.id), kind: task.kind, attempts: task.attempts },
        "queue: task gave up (dead letter)",
      );
    try {
      await finish(task, error);
    } catch (err) {
      // The database went away mid-run: written again at the next look (or, if this process ends
      // first, the claim lapses after its lease and the task runs again).
      unrecorded.push({ task, error });
      log.warn(
        { err, taskId: Number(task.id), kind: task.kind },
        "queue: could not record a task's outcome yet",
      );
    }
  }

  function launch(task: Claimed) {
    const run: Promise<void> = runTask(task).finally(() => {
      running.delete(run);
      kick();
    });
    running.add(run);
  }

  async function recordLate() {
    while (unrecorded.length) {
      const { task, error } = unrecorded[0];
      await finish(task, error);
      unrecorded.shift();
    }
  }

  async function pollOnce(): Promise<boolean> {
    await recordLate();
    await writeSchedules();
    const free = concurrency - running.size;
    const claimed = await claim(free);
    for (const task of claimed) launch(task);
    return claimed.length > 0 && claimed.length === free;
  }

  function schedule(ms: number) {
    if (stopped || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(poll, ms);
    timer.unref();
  }

  function poll() {
    timer = null;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = (async () => {
      let more = false;
      try {
        more = await pollOnce();
        if (outageWaitMs) log.info({}, "queue: the database answers again");
        outageWaitMs = 0;
      } catch (err) {
        if (!outageWaitMs)
          log.warn({ err }, "queue: the database does not answer; waiting longer between tries");
        outageWaitMs = Math.min(maxOutageWaitMs, outageWaitMs ? outageWaitMs * 2 : Math.min(pollMs, 500));
      }
      return more;
    })()
      .then((more) => {
        polling = null;
        const again = pollAgain || more;
        pollAgain = false;
        schedule(outageWaitMs || (again ? 0 : Math.min(pollMs, shortestEveryMs)));
      })
      .catch(() => {
        polling = null;
      });
  }

  function kick() {
    if (polling) pollAgain = true;
    else schedule(0);
  }

  return {
    workerId,

    /** A kind of one-off task. */
    define(kind: string, handler: TaskHandler, opts: KindOptions = {}) {
      register(kind, handler, opts);
    },

    /**
     * A schedule: `handler` runs once per slot of `seconds` across every process. Zero or less
     * registers the handler without a schedule (nothing runs by itself: tests and one-off calls).
     */
    every(kind: string, seconds: number, handler: TaskHandler, opts: ScheduleOptions = {}) {
      register(kind, handler, opts);
      if (seconds <= 0) return;
      unwritten.set(kind, { seconds, firstAfter: opts.firstAfterSeconds ?? seconds });
      shortestEveryMs = Math.min(shortestEveryMs, seconds * 1000);
      if (started) kick();
    },

    /** Queues a one-off task. Answers false when one of that kind and key is already kept. */
    async enqueue(
      kind: string,
      payload: Record<string, unknown> = {},
      opts: EnqueueOptions = {},
    ): Promise<boolean> {
      const rows = await (opts.tx ?? database.db)
        .insert(queueTasks)
        .values({
          kind,
          key: opts.key ?? null,
          payload,
          runAt: opts.runAt ?? new Date(),
          maxAttempts: opts.maxAttempts ?? maxAttemptsOf.get(kind) ?? defaultMaxAttempts,
        })
        .onConflictDoNothing()
        .returning({ id: queueTasks.id });
      if (rows.length && !opts.tx) kick();
      return rows.length > 0;
    },

    /** Runs a schedule of this process as soon as no one holds it, without waiting for its slot. */
    wake(kind: string) {
      woken.add(kind);
      kick();
    },

    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    /** Stops looking for tasks and waits for the ones running. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      await Promise.all([...running]);
    },

    /** One look for due tasks, run to the end (tests, and callers that need the work done now). Answers how many ran. */
    async runDue(): Promise<number> {
      await writeSchedules();
      const claimed = await claim(concurrency);
      await Promise.all(claimed.map(runTask));
      return claimed.length;
    },

    /** Runs this process has ended, by kind and outcome, since it started. */
    outcomes(): Map<string, { ok: number; failed: number; dead: number }> {
      return new Map(counters);
    },

    ...queueView(database, kick),
  };
}
export type Queue = ReturnType<typeof createQueue>;
