// Notes brought in from another system's files (issue 46): a customer's notes, and the notes a job
// carried (written on the job's timeline as a note of the job). The author is no Loupe user: the
// domain's import rules sign the text with their name, and the note shows as the system's.

import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { idsInInputOrder, pgArray } from "../../platform/db/pg-array";
import { notes } from "./notes.tables";

export interface ImportedNote {
  /** A customer's note, or (with `orderId`) a job's. */
  customerId: number | null;
  orderId?: number | null;
  content: string;
  createdAt: Date;
  /** The administrator who ran the import: its last writer, never its author. */
  importedBy: number;
}

/** Writes the batch in one statement; answers the new ids in the rows' order. */
export async function importNotes(tx: Db, rows: readonly ImportedNote[]): Promise<number[]> {
  if (!rows.length) return [];
  const col = (f: (r: ImportedNote) => string | number | Date | null) => pgArray(rows.map(f));
  const result = await tx.execute(sql`
    insert into ${notes} (customer_id, order_id, content, created_at, updated_at, updated_by)
    select u.customer_id, u.order_id, u.content, u.created_at, u.created_at, u.updated_by
    from unnest(${col((r) => r.customerId)}::int[], ${col((r) => r.orderId ?? null)}::int[],
      ${col((r) => r.content)}::text[], ${col((r) => r.createdAt)}::timestamptz[], ${col((r) => r.importedBy)}::int[])
      with ordinality as u(customer_id, order_id, content, created_at, updated_by, n)
    order by u.n
    returning id`);
  return idsInInputOrder(result);
}

/** Removes the given imported notes (an import's undo). */
export async function removeImportedNotes(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`delete from ${notes} where id = any(${pgArray(ids)}::int[])`);
}

/** Removes the notes of the given jobs (an import's undo of its jobs: the jobs' notes go with them). */
export async function removeNotesOfOrders(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`delete from ${notes} where order_id = any(${pgArray(orderIds)}::int[])`);
}
