import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
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
