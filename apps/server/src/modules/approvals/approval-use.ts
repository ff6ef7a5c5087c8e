import {
  APPROVAL_MESSAGES,
  type ApprovalAction,
  approvalLimitMinor,
  formatMoney,
  JOB_MONEY_MESSAGES,
  mayApprove,
  needsApproval,
  pickApproval,
  RULEBOOK_MESSAGES,
  roleMay,
} from "@loupe/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import { readRoleSettings } from "../settings";
import { findApprovals } from "./approvals.queries";
import { orderApprovals } from "./approvals.tables";

export interface ApprovalUse {
  orderId: number;
  /** The job's region (its origin outlet's), whose limit applies, and its currency for the sentence. */
  regionId: number;
  currency: string;
  requester: { id: number; roleId: number };
  action: Exclude<ApprovalAction, "collect">;
  amountMinor: number;
}

/**
 * Inside the refund's claim, under the job's lock (ADR 0049): when this refund needs a manager, the
 * approval that lets it through is marked used in the claim's transaction and its approver answered;
 * none that counts refuses the refund with `approval_required`. Of two requests holding one
 * approval, the second waits for the first's lock and finds it used. A refund that needs no
 * approval leaves any approval as it was and answers null.
 */
export async function useRefundApproval(tx: Db, q: ApprovalUse): Promise<number | null> {
  const settings = await readRoleSettings(tx);
  const roleId = q.requester.roleId;
  const needed =
    !roleMay(settings, q.action, roleId) || needsApproval(settings, q.regionId, roleId, q.amountMinor);
  if (!needed) return null;
  const money = (minor: number) => formatMoney(minor / 100, q.currency);
  const limit = approvalLimitMinor(settings, q.regionId);
  const asked = RULEBOOK_MESSAGES.approval(
    q.action,
    roleMay(settings, q.action, roleId) && limit !== null ? money(limit) : null,
  );
  const approvals = await findApprovals(
    tx,
    { orderId: q.orderId, action: q.action, requestedBy: q.requester.id },
    true,
  );
  const picked = pickApproval(approvals, q.amountMinor, q.action, new Date(), money);
  if (!picked) throw new AppError("approval_required", asked);
  if ("reason" in picked) throw new AppError("approval_required", picked.reason);
  const [used] = await tx
    .update(orderApprovals)
    .set({ usedAt: new Date() })
    .where(and(eq(orderApprovals.id, picked.approval.id), isNull(orderApprovals.usedAt)))
    .returning({ approvedBy: orderApprovals.approvedBy });
  if (!used) throw new AppError("approval_required", APPROVAL_MESSAGES.used(q.action));
  return used.approvedBy;
}

/**
 * Inside a status change that hands a job over with a balance due (issue 44, ADR 0057), under the
 * job's lock: a staff member's approval of collecting this job, for at least the balance, is
 * marked used in the change's transaction and its approver answered. Managers and administrators
 * need none (null); none that counts refuses the change with `approval_required`.
 */
export async function useCollectApproval(
  tx: Db,
  q: { orderId: number; currency: string; requester: { id: number; roleId: number }; balanceMinor: number },
): Promise<number | null> {
  if (q.balanceMinor <= 0 || mayApprove(q.requester.roleId)) return null;
  const money = (minor: number) => formatMoney(minor / 100, q.currency);
  const approvals = await findApprovals(
    tx,
    { orderId: q.orderId, action: "collect", requestedBy: q.requester.id },
    true,
  );
  const picked = pickApproval(approvals, q.balanceMinor, "collect", new Date(), money);
  if (!picked)
    throw new AppError("approval_required", JOB_MONEY_MESSAGES.collectWithBalance(money(q.balanceMinor)));
  if ("reason" in picked) throw new AppError("approval_required", picked.reason);
  const [used] = await tx
    .update(orderApprovals)
    .set({ usedAt: new Date() })
    .where(and(eq(orderApprovals.id, picked.approval.id), isNull(orderApprovals.usedAt)))
    .returning({ approvedBy: orderApprovals.approvedBy });
  if (!used) throw new AppError("approval_required", APPROVAL_MESSAGES.used("collect"));
  return used.approvedBy;
}
