// A manager's approval of a line discount above the staff member's limit (issue 44, ADR 0058), the
// refund approval's way (ADR 0022, 0049): the manager types their own e-mail and password on the
// staff member's screen (no session is opened for them); the approval lets one line's discount of
// at most `amount_minor` through, once, within APPROVAL_TTL_MINUTES, for the staff member who
// asked and the quote named (or a "New job" made in one call when none is).

import {
  ADMIN_ROLE_ID,
  APPROVAL_TTL_MINUTES,
  isAdmin,
  mayApprove,
  navRegionId,
  pickApproval,
  ROLE_MESSAGES,
} from "@loupe/domain";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { checkApprover } from "../approvals";
import type { AuthService } from "../auth";
import type { StaffRow } from "../staff";
import { activeStaff, outletForQuote } from "./quotes.queries";
import { quoteDiscountApprovals, quotes } from "./quotes.tables";

export const DISCOUNT_APPROVAL_MESSAGES = {
  none: "A manager must approve this discount.",
  used: "That approval was used for an earlier discount: a manager must approve this discount again.",
  expired: "The manager's approval has expired: a manager must approve this discount again.",
  amount: "The manager approved a smaller discount: a manager must approve this amount.",
  approved: "Discount approved",
} as const;

/**
 * Inside the line's write: the approval `approvalId` lets a discount of `amountMinor` through for
 * this staff member on this quote (or a new job's, quote null). It is marked used in the same
 * transaction (`used_at is null` in the update: of two writes holding it, one wins); answers the
 * approver's id, or refuses with `approval_required` naming the field.
 */
export async function useDiscountApproval(
  db: Db,
  q: {
    approvalId: number;
    requestedBy: number;
    quoteId: number | null;
    amountMinor: number;
    regionId: number;
    field: string;
  },
): Promise<number> {
  const refuse = (reason: string) => new AppError("approval_required", reason, { [q.field]: [reason] });
  const [row] = await db
    .select()
    .from(quoteDiscountApprovals)
    .where(
      and(
        eq(quoteDiscountApprovals.id, q.approvalId),
        eq(quoteDiscountApprovals.requestedBy, q.requestedBy),
        q.quoteId === null
          ? isNull(quoteDiscountApprovals.quoteId)
          : eq(quoteDiscountApprovals.quoteId, q.quoteId),
      ),
    )
    .orderBy(desc(quoteDiscountApprovals.createdAt));
  if (!row) throw refuse(DISCOUNT_APPROVAL_MESSAGES.none);
  const approver = await activeStaff(db, row.approvedBy);
  // An approver disabled, demoted or moved to another region since approves nothing now.
  if (
    !approver ||
    !mayApprove(approver.roleId) ||
    (approver.roleId !== ADMIN_ROLE_ID && navRegionId(approver.homeRegionId) !== q.regionId)
  )
    throw refuse(DISCOUNT_APPROVAL_MESSAGES.none);
  const pick = pickApproval(
    [
      {
        id: row.id,
        amountMinor: row.amountMinor,
        used: row.usedAt != null,
        expiresAt: row.expiresAt,
        createdAt: row.createdAt,
        approver: null,
      },
    ],
    q.amountMinor,
    "refund",
    new Date(),
  );
  if (!pick || !("approval" in pick)) {
    if (row.usedAt) throw refuse(DISCOUNT_APPROVAL_MESSAGES.used);
    if (row.expiresAt <= new Date()) throw refuse(DISCOUNT_APPROVAL_MESSAGES.expired);
    throw refuse(DISCOUNT_APPROVAL_MESSAGES.amount);
  }
  const [used] = await db
    .update(quoteDiscountApprovals)
    .set({ usedAt: sql`now()` })
    .where(and(eq(quoteDiscountApprovals.id, row.id), isNull(quoteDiscountApprovals.usedAt)))
    .returning({ approvedBy: quoteDiscountApprovals.approvedBy });
  if (!used) throw refuse(DISCOUNT_APPROVAL_MESSAGES.used);
  return used.approvedBy;
}

export function createDiscountApprovals({
  db,
  auth,
}: {
  db: Db;
  auth: Pick<AuthService, "verifyCredentials">;
}) {
  return {
    async approve(
      requester: StaffRow,
      input: { quote_id?: number | null; amount_minor: number; email: string; password: string },
      meta: { ip: string },
    ) {
      // The region whose manager may approve: the quote's outlet's, or the requester's own outlet's.
      let outletId = requester.outletId ?? requester.homeOutletId;
      if (input.quote_id) {
        const [q] = await db
          .select({ outletId: quotes.outletId })
          .from(quotes)
          .where(eq(quotes.id, input.quote_id));
        if (!q) throw notFound("Quote");
        outletId = q.outletId;
      }
      const outlet = outletId ? await outletForQuote(db, outletId) : null;
      const regionId = navRegionId(outlet?.regionId ?? requester.homeRegionId);
      const approver = await checkApprover(auth, requester, input, meta);
      if (!isAdmin(approver) && navRegionId(approver.homeRegionId) !== regionId)
        throw new AppError("forbidden", ROLE_MESSAGES.approverOtherRegion);
      const [row] = await db
        .insert(quoteDiscountApprovals)
        .values({
          quoteId: input.quote_id ?? null,
          requestedBy: requester.id,
          approvedBy: approver.id,
          amountMinor: input.amount_minor,
          expiresAt: new Date(Date.now() + APPROVAL_TTL_MINUTES * 60_000),
        })
        .returning();
      return {
        approval_id: row.id,
        approver: { id: approver.id, full_name: `${approver.firstName} ${approver.lastName}`.trim() },
        amount_minor: row.amountMinor,
        quote_id: row.quoteId,
        expires_at: row.expiresAt.toISOString(),
      };
    },
  };
}
