import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The rows of a raw statement run through Drizzle: node-postgres answers `{ rows }`, PGlite's
 * driver an array; either way the caller gets the rows.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}
