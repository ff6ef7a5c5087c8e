import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";

/**
 * Notes per customer, for the notes count on customer rows. The notes module (above customers)
 * knows them and provides this slot.
 */
export const customerNotesCountSlot =
  defineSlot<(db: Db, customerIds: number[]) => Promise<Map<number, number>>>("customers.notesCount");
