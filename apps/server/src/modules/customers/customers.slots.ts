import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";

/**
 * Notes per customer, for the notes count on customer rows. The notes module (above customers)
 * knows them and provides this slot.
 */
/** The same count as a subselect of the list's one statement (`alias` names the customers row). */
export const customerNotesCountSqlSlot = defineSlot<(alias: string) => string>("customers.notesCountSql");

export const customerNotesCountSlot =
  defineSlot<(db: Db, customerIds: number[]) => Promise<Map<number, number>>>("customers.notesCount");
