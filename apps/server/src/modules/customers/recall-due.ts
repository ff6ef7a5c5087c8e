import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { pgArray } from "../../platform/db/pg-array";
import { customers } from "./customers.tables";

/**
 * Keeps the spec's `recall_due_date` (shown as `active_recall`) equal to the customer's earliest
 * open recall (issue 28): recalls compute it and write it here, in their own transaction. A derived
 * field: the row's version does not move, so a staff member's open edit of the customer is not
 * made stale by a recall run.
 */
export async function setCustomerRecallDueDate(db: Db, customerId: number, due: string | null) {
  await db
    .update(customers)
    .set({ recallDueDate: due })
    .where(sql`${eq(customers.id, customerId)} and ${customers.recallDueDate} is distinct from ${due}`);
}

/** The same for many customers in one statement (an import's batch of recalls, or its undo). */
export async function setCustomerRecallDueDates(
  db: Db,
  dues: readonly { customerId: number; due: string | null }[],
) {
  if (!dues.length) return;
  await db.execute(sql`update ${customers} c set recall_due_date = u.due
    from unnest(${pgArray(dues.map((d) => d.customerId))}::int[], ${pgArray(dues.map((d) => d.due))}::date[]) as u(id, due)
    where c.id = u.id and c.recall_due_date is distinct from u.due`);
}
