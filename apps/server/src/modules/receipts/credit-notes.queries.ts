import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { staffUsers } from "../staff/staff.tables";
import { creditNotes } from "./receipts.tables";

/** One credit note of a job by its code, with the names of who issued and who approved it (read-only). */
export async function readCreditNote(db: Db, orderId: number, code: string) {
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.code, code)));
  if (!note) return null;
  const name = async (id: number | null) => {
    if (id === null) return null;
    const [s] = await db
      .select({ first: staffUsers.firstName, last: staffUsers.lastName })
      .from(staffUsers)
      .where(eq(staffUsers.id, id));
    return s ? `${s.first} ${s.last}`.trim() : null;
  };
  return { note, issuedBy: await name(note.issuedBy), approvedBy: await name(note.approvedBy) };
}
export type CreditNoteData = NonNullable<Awaited<ReturnType<typeof readCreditNote>>>;

/** A job's credit notes, oldest first, for its receipt page. */
export const creditNotesOf = (db: Db, orderId: number) =>
  db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.number);

/**
 * A refund's credit note code as a subselect of the job detail's one statement (`refund` names its
 * order_refunds row): a refund has at most one (credit_notes_refund_uq).
 */
export const creditNoteCodeSql = (refund: string) =>
  `(select cn.code from credit_notes cn where cn.order_id = ${refund}.order_id and cn.refund_id = ${refund}.id)`;
