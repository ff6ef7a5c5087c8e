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
  /** Raw SQL for the few places Drizzle cannot express (COPY, benchmarks). */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  /** Connection pool use for the metrics; null on PGlite, which is one connection inside the process. */
  poolStats: () => PoolStats | null;
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
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = scopedDb(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: "postgres",
    query: async (text, params) => (await (scopedClient() ?? pool).query(text, params as any[])).rows as any,
    close: () => pool.end(),
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
