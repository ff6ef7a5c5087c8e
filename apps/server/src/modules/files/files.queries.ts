import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { notes } from "../notes/notes.tables";
import { prescriptionFiles } from "../prescriptions/prescriptions.tables";
import { files } from "./files.tables";

/** The notes a file is attached to, with their authors (null for the system's). */
export function notesHoldingFile(db: Db, fileId: number) {
  return db
    .select({ id: notes.id, creatorId: notes.creatorId })
    .from(notes)
    .where(sql`${notes.fileIds} @> ${JSON.stringify([fileId])}::jsonb`);
}

/**
 * Of these files, the ones uploaded for notes (no customer) that no note and no prescription
 * holds any more: what is left of a removed note's attachments.
 */
export async function orphanNoteFiles(db: Db, fileIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, fileIds),
        isNull(files.customerId),
        sql`not exists (select 1 from ${notes} where ${notes.fileIds} @> jsonb_build_array(${files.id}))`,
        sql`not exists (select 1 from ${prescriptionFiles} where ${prescriptionFiles.fileId} = ${files.id})`,
      ),
    );
  return rows.map((r) => r.id);
}
