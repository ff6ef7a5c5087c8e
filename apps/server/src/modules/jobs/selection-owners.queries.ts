import { needsPrescriptionReentry, selectionPrescriptionIds } from "@loupe/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { pds } from "../pds/pds.tables";
import { prescriptions } from "../prescriptions/prescriptions.tables";

type Info = Record<string, unknown> | null | undefined;

/**
 * The items whose saved selection holds a prescription or PD that is not the given customer's,
 * by reading the prescription and PD rows themselves (read-only), not the copy in the snapshot.
 * A prescription or PD that no longer exists cannot be vouched for, so it counts as not theirs.
 * `customerOf` names the customer each item must match (null for a guest job).
 */
export async function itemsWithForeignPrescription(
  db: Db,
  items: readonly { id: number; additionalInfo: Info }[],
  customerOf: (itemId: number) => number | null,
): Promise<Set<number>> {
  const ids = items.map((i) => ({ item: i, ...selectionPrescriptionIds(i.additionalInfo) }));
  const rxIds = [...new Set(ids.flatMap((i) => (i.prescriptionId != null ? [i.prescriptionId] : [])))];
  const pdIds = [...new Set(ids.flatMap((i) => (i.pdId != null ? [i.pdId] : [])))];
  const [rxRows, pdRows] = await Promise.all([
    rxIds.length
      ? db
          .select({ id: prescriptions.id, customerId: prescriptions.customerId })
          .from(prescriptions)
          .where(inArray(prescriptions.id, rxIds))
      : Promise.resolve([]),
    pdIds.length
      ? db.select({ id: pds.id, customerId: pds.customerId }).from(pds).where(inArray(pds.id, pdIds))
      : Promise.resolve([]),
  ]);
  const rxOwner = new Map(rxRows.map((r) => [r.id, r.customerId]));
  const pdOwner = new Map(pdRows.map((r) => [r.id, r.customerId]));
  const foreign = new Set<number>();
  for (const { item, prescriptionId, pdId } of ids) {
    const customer = customerOf(item.id);
    const owns = (owner: Map<number, number | null>, id: number | null) =>
      id == null || (owner.has(id) && owner.get(id) === customer);
    if (!owns(rxOwner, prescriptionId) || !owns(pdOwner, pdId)) foreign.add(item.id);
  }
  return foreign;
}

/**
 * The items that wait for their prescription, PD and lenses to be chosen again: the customer
 * change's marker, or (defence in depth, e.g. a customer changed before the marker existed) a
 * saved prescription or PD of someone other than the job's customer.
 */
export async function itemsNeedingReentry(
  db: Db,
  items: readonly { id: number; additionalInfo: Info }[],
  customerOf: (itemId: number) => number | null,
): Promise<Set<number>> {
  const foreign = await itemsWithForeignPrescription(db, items, customerOf);
  for (const i of items) if (needsPrescriptionReentry(i.additionalInfo)) foreign.add(i.id);
  return foreign;
}
