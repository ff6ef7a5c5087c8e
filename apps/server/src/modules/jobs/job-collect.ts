// Handing a job over with a balance due (issue 44, ADR 0057). The rulebook refuses it up front for
// staff without a manager's approval; here, inside the status change's transaction and under the
// job's lock, the approval is used once and the timeline says what was let go.

import { formatMoney, isCollectedStatus } from "@loupe/domain";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { recordJobEvents } from "./job-events";
import { collectApprovalSlot } from "./jobs.slots";
import { orders } from "./jobs.tables";
import { regionOfJob } from "./partial-refunds.queries";

/**
 * Before jobs (or their items) move to `toSlug`: when it hands them over and a job still owes,
 * uses the requester's approval (a manager needs none) or throws `approval_required`. Locks the
 * jobs in id order, so a payment taken meanwhile is counted before the balance is read.
 */
export async function assertCollectable(
  tx: Db,
  slots: Slots,
  staff: Pick<StaffRow, "id" | "roleId">,
  orderIds: number[],
  toSlug: string,
): Promise<void> {
  if (!isCollectedStatus(toSlug) || !orderIds.length) return;
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id))
    .for("update");
  for (const order of rows) {
    if (order.balanceDueMinor <= 0) continue;
    const region = await regionOfJob(tx, order);
    const currency = region?.currency ?? "AUD";
    const approvedBy = await collectApprovalSlot.get(slots)(tx, {
      orderId: order.id,
      currency,
      requester: { id: staff.id, roleId: staff.roleId },
      balanceMinor: order.balanceDueMinor,
    });
    await recordJobEvents(tx, [
      {
        orderId: order.id,
        kind: "collected_with_balance",
        fromValue: approvedBy === null ? null : String(approvedBy),
        toValue: formatMoney(order.balanceDueMinor / 100, currency),
        staffUserId: staff.id,
      },
    ]);
  }
}
