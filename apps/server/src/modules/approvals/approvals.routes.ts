import { approveOrderAction } from "@loupe/contract";
import { ROLE_MESSAGES } from "@loupe/domain";
import { createAuthService } from "../auth";
import { collectApprovalSlot, refundApprovalSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { useCollectApproval, useRefundApproval } from "./approval-use";
import { createApprovalsService } from "./approvals.service";

export function registerApprovalsRoutes({ app, bind, db, config, outbox, slots }: ModuleContext): void {
  // A refund's claim uses the approval that lets it through, once (jobs sits below approvals).
  refundApprovalSlot.provide(slots, useRefundApproval);
  // Handing over a job with a balance due uses the manager's approval once (issue 44).
  collectApprovalSlot.provide(slots, useCollectApproval);
  const approvals = createApprovalsService({
    db,
    auth: createAuthService({ db, config, outbox, log: app.log }),
  });
  bind(approveOrderAction, async ({ staff, params, body, req }) => {
    const data = await approvals.approve(staff, params.id, body, { ip: req.ip });
    // Who approved what, never the credentials (the body is not logged, ADR 0013's logger).
    req.log.info({ event: "approval", orderId: params.id, approverId: data.approver.id }, "approved");
    return { message: ROLE_MESSAGES.approved(body.action), data };
  });
}
