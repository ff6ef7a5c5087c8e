import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { staffUsers } from "../staff/staff.tables";
import { customerEvents } from "./customers.tables";

/** A page of a customer's History, newest first, with who did each (the staff table is the staff module's). */
export async function customerHistoryPage(db: Db, customerId: number, page: number, perPage: number) {
  const where = eq(customerEvents.customerId, customerId);
  const rows = await db
    .select({
      id: customerEvents.id,
      kind: customerEvents.kind,
      detail: customerEvents.detail,
      occurredAt: customerEvents.occurredAt,
      ref: customerEvents.ref,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
    })
    .from(customerEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, customerEvents.staffId))
    .where(where)
    .orderBy(desc(customerEvents.occurredAt), desc(customerEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(customerEvents)
    .where(where);
  return { rows, total: Number(total) };
}
