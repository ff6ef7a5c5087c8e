// The imports' own key table read by the kinds: which Loupe records a source system's rows made.
import type { ImportSourceSystem } from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

/** Of these customer ids, those that rows of this source system made (not merely linked to). */
export async function madeBySource(
  db: Db,
  sourceSystem: ImportSourceSystem,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const res = (await db.execute(
    sql`select record_id from import_records where source_system = ${sourceSystem} and kind = 'customers'
        and outcome = 'created' and record_id = any(${sql.param(ids)}::int[])`,
  )) as unknown as { rows?: { record_id: number }[] } | { record_id: number }[];
  const rows = Array.isArray(res) ? res : (res.rows ?? []);
  return new Set(rows.map((r) => r.record_id));
}
