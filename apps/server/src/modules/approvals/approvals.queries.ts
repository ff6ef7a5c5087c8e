import type { ApprovalAction, ApprovalFacts } from "@loupe/domain";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orders } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";
import { orderApprovals } from "./approvals.tables";

/** An approver as the rulebook weighs them: their role and home region as they stand now. */
export interface ApproverFacts {
  approverId: number;
  approverRoleId: number;
  approverHomeRegionId: number | null;
}

/** How many of a staff member's latest approvals of one job and action are weighed: enough for any counter. */
const RECENT = 5;

/**
 * The staff member's latest approvals of `action` on the job by approvers still active, newest
 * first, used and expired ones included (the rules say why none counts, ADR 0049). `lock` takes
 * them FOR UPDATE: the refund's claim that uses one holds them until it commits.
 */
export async function findApprovals(
  db: Db,
  q: { orderId: number; action: ApprovalAction; requestedBy: number },
  lock = false,
): Promise<ApprovalFacts<ApproverFacts>[]> {
  const query = db
    .select({
      id: orderApprovals.id,
      amountMinor: orderApprovals.amountMinor,
      usedAt: orderApprovals.usedAt,
      createdAt: orderApprovals.createdAt,
      expiresAt: orderApprovals.expiresAt,
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
        eq(staffUsers.isActive, true),
      ),
    )
    .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
    .limit(RECENT);
  const rows = lock ? await query.for("update", { of: orderApprovals }) : await query;
  return rows.map((r) => ({
    id: r.id,
    amountMinor: r.amountMinor,
    used: r.usedAt !== null,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    approver: {
      approverId: r.approverId,
      approverRoleId: r.approverRoleId,
      approverHomeRegionId: r.approverHomeRegionId,
    },
  }));
}

/** The job's region (orders.region_id): whose managers may approve. Read-only look at the jobs' table. */
export async function jobRegion(db: Db, orderId: number): Promise<number | null> {
  const [row] = await db.select({ regionId: orders.regionId }).from(orders).where(eq(orders.id, orderId));
  return row ? row.regionId : null;
}

/** The job's row, for what a full refund of it returns now (an approval's default amount). */
export async function jobRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}
