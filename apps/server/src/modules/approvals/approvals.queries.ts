import type { ApprovalAction } from "@loupe/domain";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orders } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";
import { orderApprovals } from "./approvals.tables";

export interface ValidApproval {
  approverId: number;
  approverRoleId: number;
  approverHomeRegionId: number | null;
}

/**
 * The latest unexpired approval of `action` on the job for the staff member who asked, by an
 * approver who is still active (ADR 0022), or null. The rulebook's guard asks this before it lets
 * a refund above the region's limit through; it checks the approver's role and region itself, as
 * they stand now.
 */
export async function findValidApproval(
  db: Db,
  q: { orderId: number; action: ApprovalAction; requestedBy: number },
): Promise<ValidApproval | null> {
  const [row] = await db
    .select({
      approverId: staffUsers.id,
      approverRoleId: staffUsers.roleId,
      approverHomeRegionId: staffUsers.homeRegionId,
    })
    .from(orderApprovals)
    .innerJoin(staffUsers, eq(staffUsers.id, orderApprovals.approvedBy))
    .where(
      and(
        eq(orderApprovals.orderId, q.orderId),
        eq(orderApprovals.action, q.action),
        eq(orderApprovals.requestedBy, q.requestedBy),
        gt(orderApprovals.expiresAt, new Date()),
        eq(staffUsers.isActive, true),
      ),
    )
    .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
    .limit(1);
  return row ?? null;
}

/** The job's region (orders.region_id): whose managers may approve. Read-only look at the jobs' table. */
export async function jobRegion(db: Db, orderId: number): Promise<number | null> {
  const [row] = await db.select({ regionId: orders.regionId }).from(orders).where(eq(orders.id, orderId));
  return row ? row.regionId : null;
}

/** A manager's unexpired approval of this staff member's refund of this job (ADR 0022), if any. */
export async function refundApprovalFor(db: Db, orderId: number, requestedBy: number, now = new Date()) {
  const [row] = await db
    .select({ approvedBy: orderApprovals.approvedBy })
    .from(orderApprovals)
    .where(
      and(
        eq(orderApprovals.orderId, orderId),
        eq(orderApprovals.requestedBy, requestedBy),
        eq(orderApprovals.action, "refund"),
        gt(orderApprovals.expiresAt, now),
      ),
    )
    .orderBy(desc(orderApprovals.createdAt))
    .limit(1);
  return row?.approvedBy ?? null;
}
