// Prescriptions brought in from another system's files (issue 46): the import engine checks each
// row by the domain's prescription rules, then hands a batch here. One statement per batch (an
// insert from unnest), no per-row round trip: a chain's two million prescriptions arrive in minutes.

import type { PrescriptionValues } from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { idsInInputOrder, pgArray, pgJsonArray } from "../../platform/db/pg-array";
import { prescriptions } from "./prescriptions.tables";

export interface ImportedPrescription {
  customerId: number;
  values: PrescriptionValues;
  /** The day it was written, as an instant (the import's noon on the chain's clock). */
  createdAt: Date;
  /** The administrator who ran the import: named as its last writer, never as its optometrist. */
  importedBy: number;
}

/** Writes the batch in one statement; answers the new ids in the rows' order. */
export async function importPrescriptions(tx: Db, rows: readonly ImportedPrescription[]): Promise<number[]> {
  if (!rows.length) return [];
  const col = <T>(f: (r: ImportedPrescription) => T) => rows.map(f);
  const v = (f: (v: PrescriptionValues) => unknown) => col((r) => f(r.values) as never);
  const result = await tx.execute(sql`
    insert into ${prescriptions} (customer_id, type_id, right_sph, right_cyl, right_axis, left_sph, left_cyl,
      left_axis, spectacles, contact_lens, source_id, note, expiry_date, created_at, updated_at, updated_by)
    select u.customer_id, u.type_id, u.right_sph, u.right_cyl, u.right_axis, u.left_sph, u.left_cyl,
      u.left_axis, u.spectacles, u.contact_lens, u.source_id, u.note, u.expiry_date, u.created_at, now(), u.updated_by
    from unnest(${pgArray(col((r) => r.customerId))}::int[], ${pgArray(v((x) => x.type_id))}::int[],
      ${pgArray(v((x) => x.right_sph))}::numeric[], ${pgArray(v((x) => x.right_cyl))}::numeric[],
      ${pgArray(v((x) => x.right_axis))}::int[], ${pgArray(v((x) => x.left_sph))}::numeric[],
      ${pgArray(v((x) => x.left_cyl))}::numeric[], ${pgArray(v((x) => x.left_axis))}::int[],
      ${pgJsonArray(v((x) => (x.type_id === 1 ? (x.spectacles ?? null) : null)))}::jsonb[],
      ${pgJsonArray(v((x) => (x.type_id === 2 ? (x.contact_lens ?? null) : null)))}::jsonb[],
      ${pgArray(v((x) => x.source_id))}::int[], ${pgArray(v((x) => x.note ?? null))}::text[],
      ${pgArray(v((x) => x.expiry_date ?? null))}::date[], ${pgArray(col((r) => r.createdAt))}::timestamptz[],
      ${pgArray(col((r) => r.importedBy))}::int[])
      with ordinality as u(customer_id, type_id, right_sph, right_cyl, right_axis, left_sph, left_cyl, left_axis,
        spectacles, contact_lens, source_id, note, expiry_date, created_at, updated_by, n)
    order by u.n
    returning id`);
  return idsInInputOrder(result);
}

/** Removes the given imported prescriptions (an import's undo); their file links go with them. */
export async function removeImportedPrescriptions(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`delete from ${prescriptions} where id = any(${pgArray(ids)}::int[])`);
}
