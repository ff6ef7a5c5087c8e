import { count, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { notes } from "./notes.tables";

/** Notes per customer, for the notes count on customer rows. */
export async function countNotesByCustomer(db: Db, customerIds: number[]): Promise<Map<number, number>> {
  if (!customerIds.length) return new Map();
  const rows = await db
    .select({ customerId: notes.customerId, n: count() })
    .from(notes)
    .where(inArray(notes.customerId, customerIds))
    .groupBy(notes.customerId);
  return new Map(rows.map((r) => [r.customerId!, Number(r.n)]));
}

/** The notes a file is attached to, with their authors (null for the system's). */
export function notesHoldingFile(db: Db, fileId: number) {
  return db
    .select({ id: notes.id, creatorId: notes.creatorId })
    .from(notes)
    .where(sql`${notes.fileIds} @> ${JSON.stringify([fileId])}::jsonb`);
}

/** SQL: a note holds the file whose id is `fileId` (a removed note's attachments go only when none does). */
export const noteHoldsFile = (fileId: SQLWrapper) =>
  sql`exists (select 1 from ${notes} where ${notes.fileIds} @> jsonb_build_array(${fileId}))`;
