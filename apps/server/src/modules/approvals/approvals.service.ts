import type { ApprovalWire } from "@loupe/contract";
import {
  APPROVAL_TTL_MINUTES,
  type ApprovalAction,
  approvalEventValue,
  isAdmin,
  mayApprove,
  navRegionId,
  ROLE_MESSAGES,
  roleMay,
} from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { type AuthService, LOGIN_FAILED_MESSAGE } from "../auth";
import { recordJobEvents } from "../jobs";
import { readRoleSettings } from "../settings";
import type { StaffRow } from "../staff";
import { jobRegion } from "./approvals.queries";
import { orderApprovals } from "./approvals.tables";

const fullName = (s: StaffRow) => `${s.firstName} ${s.lastName}`.trim();

/**
 * A manager approves a staff member's refund or void on the staff member's own screen by typing
 * their e-mail and password (ADR 0022): no shared PIN, and no session for the manager — the
 * credentials are checked exactly as a sign-in checks them (throttle included) and forgotten.
 */
export function createApprovalsService({
  db,
  auth,
}: {
  db: Db;
  auth: Pick<AuthService, "verifyCredentials">;
}) {
  return {
    async approve(
      requester: StaffRow,
      orderId: number,
      input: { action: ApprovalAction; email: string; password: string },
      meta: { ip: string },
    ): Promise<ApprovalWire> {
      const regionId = await jobRegion(db, orderId);
      if (regionId === null) throw notFound("Order");
      let approver: StaffRow;
      try {
        approver = await auth.verifyCredentials({ email: input.email, password: input.password }, meta);
      } catch (err) {
        // A 401 would sign the requesting staff member out: the manager's wrong password is a field error.
        if (err instanceof AppError && err.code === "unauthenticated")
          throw validationError({ password: [LOGIN_FAILED_MESSAGE] });
        if (err instanceof AppError && err.code === "validation_failed" && err.errors?.email)
          throw validationError({ email: err.errors.email });
        throw err;
      }
      if (approver.id === requester.id) throw new AppError("forbidden", ROLE_MESSAGES.approvalSelf);
      if (!mayApprove(approver.roleId)) throw new AppError("forbidden", ROLE_MESSAGES.notApprover);
      const settings = await readRoleSettings(db);
      if (!roleMay(settings, input.action, approver.roleId))
        throw new AppError("forbidden", ROLE_MESSAGES.approverNotAllowed(input.action));
      if (
        !isAdmin(approver) &&
        (approver.homeRegionId == null || navRegionId(approver.homeRegionId) !== navRegionId(regionId))
      )
        throw new AppError("forbidden", ROLE_MESSAGES.approverOtherRegion);

      const expiresAt = new Date(Date.now() + APPROVAL_TTL_MINUTES * 60_000);
      const row = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [inserted] = await tx
          .insert(orderApprovals)
          .values({
            orderId,
            action: input.action,
            requestedBy: requester.id,
            approvedBy: approver.id,
            expiresAt,
          })
          .returning();
        await recordJobEvents(tx, [
          {
            orderId,
            kind: "approval",
            fromValue: input.action,
            toValue: approvalEventValue(fullName(approver), fullName(requester)),
            staffUserId: approver.id,
          },
        ]);
        return inserted;
      });
      return {
        approval_id: row.id,
        action: input.action,
        approver: { id: approver.id, full_name: fullName(approver) },
        expires_at: row.expiresAt.toISOString(),
      };
    },
  };
}
