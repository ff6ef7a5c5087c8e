// PDs and fitting heights brought in from another system's files (issue 46): checked by the
// domain's PD rules in the import engine, written here one batch per statement (insert from unnest).

import type { PdImport } from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { idsInInputOrder, pgArray } from "../../platform/db/pg-array";
import { pds } from "./pds.tables";

export interface ImportedPd {
  customerId: number;
  pd: PdImport;
  /** The day it was measured, as an instant (the import's noon on the chain's clock). */
  createdAt: Date;
  /** The administrator who ran the import: its last writer, never its measurer. */
  importedBy: number;
}

/** Writes the batch in one statement; answers the new ids in the rows' order. */
export async function importPds(tx: Db, rows: readonly ImportedPd[]): Promise<number[]> {
  if (!rows.length) return [];
  const col = (f: (r: ImportedPd) => string | number | Date | null) => pgArray(rows.map(f));
  const result = await tx.execute(sql`
    insert into ${pds} (customer_id, binocular_dist_pd, right_dist_pd, left_dist_pd, right_height_multifocal,
      left_height_multifocal, source_id, created_at, updated_at, updated_by)
    select u.customer_id, u.binocular, u.right_pd, u.left_pd, u.right_height, u.left_height, u.source_id,
      u.created_at, now(), u.updated_by
    from unnest(${col((r) => r.customerId)}::int[], ${col((r) => r.pd.binocularDistPd)}::numeric[],
      ${col((r) => r.pd.rightDistPd)}::numeric[], ${col((r) => r.pd.leftDistPd)}::numeric[],
      ${col((r) => r.pd.rightHeightMultifocal)}::numeric[], ${col((r) => r.pd.leftHeightMultifocal)}::numeric[],
      ${col((r) => r.pd.sourceId)}::int[], ${col((r) => r.createdAt)}::timestamptz[], ${col((r) => r.importedBy)}::int[])
      with ordinality as u(customer_id, binocular, right_pd, left_pd, right_height, left_height, source_id,
        created_at, updated_by, n)
    order by u.n
    returning id`);
  return idsInInputOrder(result);
}

/** Removes the given imported PDs (an import's undo). */
export async function removeImportedPds(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`delete from ${pds} where id = any(${pgArray(ids)}::int[])`);
}
