import { count, inArray } from "drizzle-orm";
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
