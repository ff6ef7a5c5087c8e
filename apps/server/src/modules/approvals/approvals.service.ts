import type { ApprovalWire } from "@loupe/contract";
import {
  APPROVAL_MESSAGES,
  APPROVAL_TTL_MINUTES,
  type ApprovalAction,
  approvalEventValue,
  currencyForCountry,
  formatMoney,
  isAdmin,
  JOB_MONEY_MESSAGES,
  navRegionId,
  ROLE_MESSAGES,
  roleMay,
} from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { AuthService } from "../auth";
import { jobReference, loadRefundStates, recordJobEvents } from "../jobs";
import { readRoleSettings } from "../settings";
import type { StaffRow } from "../staff";
import { jobRegion, jobRow } from "./approvals.queries";
import { orderApprovals } from "./approvals.tables";
import { checkApprover } from "./approver-check";

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
  /**
   * At most what is left to refund (or, for a collection, the balance due): an approval for more
   * than the job holds approves nothing real.
   */
  async function approvedAmount(
    orderId: number,
    action: ApprovalAction,
    asked: number | undefined,
  ): Promise<number> {
    const order = await jobRow(db, orderId);
    if (!order) throw notFound("Order");
    const left =
      action === "collect"
        ? order.balanceDueMinor
        : ((await loadRefundStates(db, [order])).get(orderId)?.refundableMinor ?? 0);
    if (action === "collect" && left <= 0)
      throw validationError({ amount_minor: [JOB_MONEY_MESSAGES.nothingOwed] });
    if (asked === undefined) return left;
    if (asked > left) {
      const country = (await jobReference(db)).region.get(order.regionId)?.countryCode;
      const money = formatMoney(left / 100, currencyForCountry(country));
      throw validationError({
        amount_minor: [
          action === "collect"
            ? JOB_MONEY_MESSAGES.overBalance(money)
            : APPROVAL_MESSAGES.amountAboveRefundable(money),
        ],
      });
    }
    return asked;
  }

  return {
    async approve(
      requester: StaffRow,
      orderId: number,
      input: { action: ApprovalAction; email: string; password: string; amount_minor?: number },
      meta: { ip: string },
    ): Promise<ApprovalWire> {
      const regionId = await jobRegion(db, orderId);
      if (regionId === null) throw notFound("Order");
      // The amount the manager is shown and approves: the one refund's, or what a full one returns now.
      const amountMinor = await approvedAmount(orderId, input.action, input.amount_minor);
      const approver = await checkApprover(auth, requester, input, meta);
      const settings = await readRoleSettings(db);
      // Collecting has no role setting: any manager of the region may let a job go with a balance.
      if (input.action !== "collect" && !roleMay(settings, input.action, approver.roleId))
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
            amountMinor,
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
        amount_minor: row.amountMinor,
        expires_at: row.expiresAt.toISOString(),
      };
    },
  };
}
