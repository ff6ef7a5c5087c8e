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
  return foreignItems(
    ids,
    new Map(rxRows.map((r) => [r.id, r.customerId])),
    new Map(pdRows.map((r) => [r.id, r.customerId])),
    customerOf,
  );
}

type Owners = ReadonlyMap<number, number | null>;

/** The items (with the ids the domain read of their selection) whose prescription or PD is not their customer's. */
function foreignItems(
  ids: readonly { item: { id: number }; prescriptionId: number | null; pdId: number | null }[],
  rxOwner: Owners,
  pdOwner: Owners,
  customerOf: (itemId: number) => number | null,
): Set<number> {
  const foreign = new Set<number>();
  for (const { item, prescriptionId, pdId } of ids) {
    const customer = customerOf(item.id);
    const owns = (owner: Owners, id: number | null) =>
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

/** An id as the domain's `selectionPrescriptionIds` takes it (a JSON integer), else null; `v` is a jsonb. */
const jsonId = (v: string) =>
  `case when jsonb_typeof(${v}) = 'number' then case when ${v}::numeric = trunc(${v}::numeric) and abs(${v}::numeric) < 2147483648 then ${v}::numeric::int end end`;

/**
 * The owners of every prescription and PD a job's items' selections could name, as JSON subselects
 * of the job detail's statement (`order` names its orders row): the ids at each place the domain's
 * `selectionPrescriptionIds` looks (data.prescription.id, selection.prescription.id, data.pd.id,
 * selection.pdId), so the domain still picks the id in JS and `itemsNeedingReentryOf` decides with
 * the same rule as `itemsNeedingReentry`, without a statement of its own.
 */
export const selectionOwnersSql = (order: string) => ({
  rxOwners: `(select coalesce(json_agg(json_build_object('id', p.id, 'customerId', p.customer_id)), '[]'::json)
    from prescriptions p where p.id in (select ${jsonId("v.x")} from order_items i,
      lateral (values (i.additional_info->'data'->'prescription'->'id'), (i.additional_info->'selection'->'prescription'->'id')) v(x)
      where i.order_id = ${order}.id))`,
  pdOwners: `(select coalesce(json_agg(json_build_object('id', d.id, 'customerId', d.customer_id)), '[]'::json)
    from pds d where d.id in (select ${jsonId("v.x")} from order_items i,
      lateral (values (i.additional_info->'data'->'pd'->'id'), (i.additional_info->'selection'->'pdId')) v(x)
      where i.order_id = ${order}.id))`,
});

/** The owners `selectionOwnersSql` read, as parsed JSON. */
export interface SelectionOwners {
  rxOwners: { id: number; customerId: number | null }[];
  pdOwners: { id: number; customerId: number | null }[];
}

/** `itemsNeedingReentry` for one job's items, from the owners its statement read (no reads). */
export function itemsNeedingReentryOf(
  items: readonly { id: number; additionalInfo: Info }[],
  owners: SelectionOwners,
  customerId: number | null,
): Set<number> {
  const reentry = foreignItems(
    items.map((i) => ({ item: i, ...selectionPrescriptionIds(i.additionalInfo) })),
    new Map(owners.rxOwners.map((r) => [r.id, r.customerId])),
    new Map(owners.pdOwners.map((r) => [r.id, r.customerId])),
    () => customerId,
  );
  for (const i of items) if (needsPrescriptionReentry(i.additionalInfo)) reentry.add(i.id);
  return reentry;
}
