// The imports' own key table read by the kinds: which Loupe records a source system's rows made.
import type { ImportSourceSystem } from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

/** Of these customer ids, those that rows of this source system made (not merely linked to). */
export async function madeBySource(
  db: Db,
  sourceSystem: ImportSourceSystem,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await rowsOf<{ record_id: number }>(
    db,
    sql`select record_id from import_records where source_system = ${sourceSystem} and kind = 'customers'
        and outcome = 'created' and record_id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((r) => r.record_id));
}
