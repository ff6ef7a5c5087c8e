import { createHash } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "../../schema";
import { scopedClient, scopedDb } from "./request-transaction";

export type Schema = typeof schema;
/** One type for both drivers, so services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Raw SQL for the few places Drizzle cannot express (COPY, benchmarks, one-statement reads).
   * `prepared`: on PostgreSQL a named statement, parsed and planned once per connection, for a hot
   * statement whose text comes from a small set and whose plan does not hinge on its parameters (a
   * read by id, a statement with none); PGlite runs it as any other, as does PostgreSQL once the
   * process has named `MAX_NAMED_STATEMENTS` texts.
   */
  query: <T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ) => Promise<T[]>;
  close: () => Promise<void>;
  /** Connection pool use for the metrics; null on PGlite, which is one connection inside the process. */
  poolStats: () => PoolStats | null;
  /**
   * LISTENs on a channel for as long as the answer's stop is not called. `live` runs each time the
   * listener is (again) in place, `lost` when it is gone (a dropped connection: notices sent
   * meanwhile are lost, so whoever relies on them must stop trusting what it holds until `live`).
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
}

export interface QueryOptions {
  prepared?: boolean;
}

/**
 * A statement's name from its text, so one name never stands for two texts on a connection; none
 * (the statement runs unnamed, planned each time) once a process has named MAX_NAMED_STATEMENTS
 * texts. A named statement stays on each pooled connection that ran it (a jobs page's plan holds
 * ~270 KB), and some texts vary with the call (a first page's size): the cap bounds what a caller
 * trying every page size could make the database keep.
 */
const statementNames = new Map<string, string>();
export const MAX_NAMED_STATEMENTS = 64;
/** Texts this process has named so far (the cap is the process's, shared by every pool it opens). */
export const namedStatementCount = () => statementNames.size;
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return undefined;
    name = `loupe_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

export interface ListenHandlers {
  notice: (payload: string) => void;
  live: () => void;
  lost: () => void;
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  const db = scopedDb(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: "pglite",
    query: async (text, params) =>
      ((await (scopedClient() ?? client).query(text, params as any[])).rows as any) ?? [],
    close: () => client.close(),
    poolStats: () => null,
    // One connection inside this process: a notice is handed over before the writing call returns.
    async listen(channel, { notice, live }) {
      const stop = await client.listen(channel, notice);
      live();
      return () => stop();
    },
  };
}

/**
 * What every pooled connection's session starts with, in the start-up message (no round trip).
 * JIT off (ADR 0045): this is a workload of short statements, and a statement whose estimate is
 * high only because it stops early (a LIMIT over an index walk) would otherwise spend 0.5–1 s
 * compiling itself with LLVM for a few milliseconds of work. Options in the address come after
 * ours, so a deployment can still say otherwise.
 */
export function sessionOptions(url: string, statementTimeoutMs = 0): string {
  let own: string | null = null;
  try {
    own = new URL(url).searchParams.get("options");
  } catch {
    // Not an address URL can read (a key=value string): pg reads its options itself.
  }
  const ours =
    statementTimeoutMs > 0 ? `-c jit=off -c statement_timeout=${statementTimeoutMs}` : "-c jit=off";
  return own ? `${ours} ${own}` : ours;
}

export interface PoolTimeouts {
  /** How long a caller waits for a connection (a free one or a new one) before an error; default 5 s. */
  connectMs?: number;
  /** PostgreSQL's statement_timeout on every connection of the pool; 0 (default) = none. */
  statementMs?: number;
}

export function openPostgres(url: string, max = 10, timeouts: PoolTimeouts = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: sessionOptions(url, timeouts.statementMs),
    // With the database down, or every connection busy, a caller is refused (503) rather than queued
    // for ever; keep-alive lets a connection to a server that vanished without a word be noticed.
    connectionTimeoutMillis: timeouts.connectMs ?? 5000,
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    // pg-pool listens for errors only while a connection is idle: a connection that drops while
    // checked out (the database stopped mid-transaction) would emit an 'error' nobody hears, which
    // ends the process. Its caller gets the error from its statement, and the pool discards it.
    client.on("error", () => {});
    queueQueries(client);
  });
  const db = scopedDb(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: "postgres",
    query: async (text, params, options) => {
      const on = (scopedClient() ?? pool) as pg.Pool;
      const name = options?.prepared ? statementName(text) : undefined;
      const config: pg.QueryConfig = name
        ? { name, text, values: params as any[] }
        : { text, values: params as any[] };
      return (await on.query(config)).rows as any;
    },
    close: () => pool.end(),
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

/**
 * One statement at a time on a connection: a transaction's reads started together (`Promise.all`
 * over one client) wait for each other here rather than in pg's own queue, which pg 9 drops (it
 * warns today). Only the promise form is queued; pg-pool's own callback calls and streams (COPY)
 * are never issued while another statement runs on their connection.
 */
function queueQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const [config, values, callback] = args;
    const streams = typeof (config as { submit?: unknown } | null)?.submit === "function";
    if (streams || typeof values === "function" || typeof callback === "function") return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.catch(() => {});
    return run;
  }) as typeof client.query;
}

/**
 * A connection of its own (a pooled one would carry the LISTEN back to the pool), opened again a
 * second after it drops, for as long as the listener is wanted.
 */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      handlers.lost();
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    c.on("error", drop);
    c.on("end", drop);
    c.on("notification", (n) => {
      if (n.channel === channel) handlers.notice(n.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      drop();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    handlers.live();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners("end");
      c.removeAllListeners("error");
      c.on("error", () => {});
      await c.end().catch(() => {});
    }
  };
}
