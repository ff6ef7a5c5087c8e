import type { SQL, SQLWrapper } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";

/**
 * What the notes module (above files) knows about a file: the notes that hold it. A file on another
 * member's note is not theirs to remove, and a removed note's attachments go only when nothing else
 * holds them. Notes provide this slot.
 */
export interface NoteFileHolders {
  /** The notes a file is attached to, with their authors (null for the system's). */
  notesHoldingFile(db: Db, fileId: number): Promise<{ id: number; creatorId: number | null }[]>;
  /** SQL: a note holds the file whose id is `fileId` (an `exists (…)`). */
  noteHoldsFile(fileId: SQLWrapper): SQL;
}

export const noteFileHoldersSlot = defineSlot<NoteFileHolders>("files.noteHolders");

/** SQL: a prescription holds the file whose id is `fileId` (an `exists (…)`). Prescriptions provide it. */
export const prescriptionHoldsFileSlot = defineSlot<(fileId: SQLWrapper) => SQL>("files.prescriptionHolds");
