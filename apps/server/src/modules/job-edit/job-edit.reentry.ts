import {
  clearedForReentry,
  holdsPrescriptionOrPd,
  PRESCRIPTION_REENTRY_REASON,
  type PrescriptionReentryMarker,
} from "@loupe/domain";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import { itemsWithForeignPrescription, setItemAdditionalInfo } from "../jobs";
import type { StaffRow } from "../staff";
import { jobItemsForUpdate } from "./job-edit.queries";
import { orderItemSelections } from "./job-edit.tables";

/**
 * A job moved to another customer (issue 24): every item whose selection holds a prescription or
 * PD that is not the new customer's gets the next selection revision without them, without the
 * lens chosen for them, and with the re-entry marker; the frame stays. Runs inside the customer
 * change's transaction (`tx`), with the job row already locked; the items are locked here, so a
 * job-edit save or a lens order of the same item waits for the change and then sees it.
 * Answers the cleared items with the revision each became.
 */
export async function clearPrescriptionsForNewCustomer(
  tx: Db,
  staff: StaffRow,
  change: { orderId: number; previousCustomerId: number | null; customerId: number; at: Date },
): Promise<{ itemId: number; revision: number }[]> {
  const items = await jobItemsForUpdate(tx, change.orderId);
  const holding = items.filter((i) => holdsPrescriptionOrPd(i.additionalInfo));
  if (!holding.length) return [];
  const foreign = await itemsWithForeignPrescription(tx, holding, () => change.customerId);
  const marker: PrescriptionReentryMarker = {
    reason: PRESCRIPTION_REENTRY_REASON,
    previous_customer_id: change.previousCustomerId,
    at: change.at.toISOString(),
  };
  const savedBy = { id: staff.id, full_name: `${staff.firstName} ${staff.lastName}`.trim() };
  const cleared: { itemId: number; revision: number }[] = [];
  for (const item of holding) {
    if (!foreign.has(item.id)) continue;
    const info = item.additionalInfo ?? {};
    const [latest] = await tx
      .select({ revision: orderItemSelections.revision, selection: orderItemSelections.selection })
      .from(orderItemSelections)
      .where(eq(orderItemSelections.orderItemId, item.id))
      .orderBy(desc(orderItemSelections.revision))
      .limit(1);
    // Seeded or imported selections may have no revision rows: number after what the item says.
    const revision = Math.max(latest?.revision ?? 0, Number(info.revision) || 0) + 1;
    const previousSelection =
      latest?.selection ??
      (info.selection && typeof info.selection === "object"
        ? (info.selection as Record<string, unknown>)
        : {});
    const next = clearedForReentry(
      { selection: previousSelection, additionalInfo: info },
      { revision, marker, savedBy },
    );
    const inserted = await tx
      .insert(orderItemSelections)
      .values({
        orderItemId: item.id,
        revision,
        selection: next.selection,
        additionalInfo: next.additionalInfo,
        staffUserId: staff.id,
      })
      .onConflictDoNothing()
      .returning({ revision: orderItemSelections.revision });
    if (!inserted.length)
      throw new AppError(
        "conflict",
        "An item of this job was saved at the same moment: change the customer again.",
      );
    await setItemAdditionalInfo(tx, item.id, next.additionalInfo, change.at);
    cleared.push({ itemId: item.id, revision });
  }
  return cleared;
}
