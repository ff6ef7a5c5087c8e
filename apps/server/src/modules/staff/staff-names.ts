import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { staffUsers } from "./staff.tables";

/**
 * The full names of these staff members, by id: what a prescription, a PD or a till summary names
 * its writer or taker by. Only the ones asked for, and no statement when none is.
 */
export async function staffNamesByIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, first: staffUsers.firstName, last: staffUsers.lastName })
    .from(staffUsers)
    .where(inArray(staffUsers.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}
