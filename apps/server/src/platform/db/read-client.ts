import pg from "pg";
import type { Database, Db } from "./client";
import { openPostgres } from "./client";
import { inOpenTransaction } from "./request-transaction";

/**
 * Where a long read goes (ADR 0040): reports, list exports, the read-only parts of background runs.
 * They may see the database a few seconds late; screens that read right after their own write never
 * use this (they read `ctx.db`, the primary).
 */
export interface ReadClient {
  /** The replica when one is configured, reachable and at most `maxLagSeconds` behind; else the primary. */
  database: () => Promise<Database>;
  db: () => Promise<Db>;
  /** What the last check found, and how many reads went where (metrics, tests). */
  state: () => ReadClientState;
  close: () => Promise<void>;
}

export interface ReadClientState {
  /** Whether a replica is configured at all. */
  configured: boolean;
  /** Where the next read goes. */
  target: "replica" | "primary";
  /** Seconds the replica was behind at the last check; null before one or when it was unreachable. */
  lagSeconds: number | null;
  /** Why reads go to the primary although a replica is configured. */
  reason: string | null;
  reads: { replica: number; primary: number };
}

export interface ReadClientOptions {
  /** DATABASE_READ_URL; unset (or PGlite as the primary): every read goes to the primary. */
  url?: string;
  /** Above this, the replica is skipped until it catches up (DATABASE_READ_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** How long a check's answer is trusted: at most one lag query per this many milliseconds. */
  checkEveryMs?: number;
  poolSize?: number;
}

/**
 * How far the replica is behind, in seconds. Caught up (everything received is replayed) is 0 however
 * old the last commit: an idle primary writes nothing to replay. Otherwise it is the age of the last
 * replayed commit, so a replica whose replay stopped (or was paused) grows older by the second. A
 * server that is not in recovery (DATABASE_READ_URL naming a primary or a pooler in front of it) is 0.
 */
const LAG_SQL = `select case
    when not pg_is_in_recovery() then 0
    when pg_last_wal_receive_lsn() is not null and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 1e9)
  end::float8 as lag`;

export function createReadClient(primary: Database, options: ReadClientOptions): ReadClient {
  const reads = { replica: 0, primary: 0 };
  if (!options.url || primary.kind !== "postgres") {
    return {
      database: async () => {
        reads.primary++;
        return primary;
      },
      db: async () => {
        reads.primary++;
        return primary.db;
      },
      state: () => ({ configured: false, target: "primary", lagSeconds: null, reason: null, reads }),
      close: async () => {},
    };
  }
  const replica = openPostgres(options.url, options.poolSize ?? 5);
  // The check has a connection of its own with a short timeout: a replica that does not answer
  // sends reads to the primary within a second, rather than holding the report for the pool's wait.
  const checker = new pg.Pool({
    connectionString: options.url,
    max: 1,
    connectionTimeoutMillis: 1000,
    query_timeout: 1000,
    idleTimeoutMillis: 30_000,
  });
  checker.on("error", () => {});
  const checkEveryMs = options.checkEveryMs ?? 2000;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;
  let lagSeconds: number | null = null;
  let reason: string | null = "not checked yet";

  async function check() {
    try {
      const { rows } = await checker.query<{ lag: number }>(LAG_SQL);
      lagSeconds = Number(rows[0].lag);
      reason =
        lagSeconds > options.maxLagSeconds
          ? `the replica is ${Math.round(lagSeconds)} s behind (more than ${options.maxLagSeconds} s)`
          : null;
    } catch (err) {
      lagSeconds = null;
      reason = `the replica did not answer (${(err as Error).message})`;
    }
    checkedAt = Date.now();
  }

  /** The replica's latest verdict, checking again when the last one is older than checkEveryMs. */
  async function current(): Promise<"replica" | "primary"> {
    if (Date.now() - checkedAt >= checkEveryMs) {
      checking ??= check().finally(() => {
        checking = null;
      });
      await checking;
    }
    return reason === null ? "replica" : "primary";
  }

  async function pick(): Promise<Database> {
    // Inside an open transaction a read belongs to it: it must see the transaction's own writes.
    if (inOpenTransaction() || (await current()) === "primary") {
      reads.primary++;
      return primary;
    }
    reads.replica++;
    return replica;
  }

  return {
    database: pick,
    db: async () => (await pick()).db,
    state: () => ({
      configured: true,
      target: reason === null ? "replica" : "primary",
      lagSeconds,
      reason,
      reads,
    }),
    close: async () => {
      await Promise.allSettled([replica.close(), checker.end()]);
    },
  };
}
