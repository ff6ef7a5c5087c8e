import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { staffUsers } from "../staff/staff.tables";
import type { DetailPayment } from "./job-detail.queries";
import { orderPayments } from "./jobs.tables";

/** One payment of a job as the Payments panel lists it, with who took it (staff owns their names). */
export async function readJobPayment(db: Db, paymentId: number): Promise<DetailPayment | null> {
  const [row] = await db
    .select({
      p: orderPayments,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
    })
    .from(orderPayments)
    .leftJoin(staffUsers, eq(staffUsers.id, orderPayments.takenBy))
    .where(eq(orderPayments.id, paymentId));
  if (!row) return null;
  const { p } = row;
  return {
    id: p.id,
    amountMinor: p.amountMinor,
    paymentTypeName: p.paymentTypeName,
    tender: p.tender,
    reference: p.reference,
    kind: p.kind,
    takenBy: row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? "" },
    createdAt: p.createdAt,
  };
}
