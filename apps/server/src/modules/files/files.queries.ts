import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { files } from "./files.tables";

/** The customer of this id, if there is one (files are uploaded for an existing customer). */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));

/**
 * Of these files, the ones uploaded for notes (no customer) that no note and no prescription
 * holds any more: what is left of a removed note's attachments. Whether a note or a prescription
 * holds a file is theirs to say (`files.slots.ts`).
 */
export async function orphanNoteFiles(
  db: Db,
  fileIds: number[],
  heldBy: { note: (fileId: SQLWrapper) => SQL; prescription: (fileId: SQLWrapper) => SQL },
): Promise<number[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, fileIds),
        isNull(files.customerId),
        sql`not ${heldBy.note(files.id)}`,
        sql`not ${heldBy.prescription(files.id)}`,
      ),
    );
  return rows.map((r) => r.id);
}
