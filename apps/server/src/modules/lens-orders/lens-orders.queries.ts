import type { LensOrderSummaryWire } from "@loupe/contract";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { lensAddonCombinations, lenses, regionProducts } from "../catalogue/catalogue.tables";
import { orderItemSelections } from "../job-edit/job-edit.tables";
import type { SqlJsonPart } from "../jobs";
import { orderItems, orders } from "../jobs/jobs.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { lensSuppliers, supplierContacts } from "../suppliers/suppliers.tables";
import { type SummaryRow, toSummaryWire } from "./lens-orders.mappers";
import { lensOrders } from "./lens-orders.tables";

/** An item with its job, product, outlet and region: what ordering lenses for it reads. */
export async function loadItemContext(db: Db, itemId: number) {
  const [row] = await db
    .select({ item: orderItems, job: orders, product: regionProducts, outlet: outlets, region: regions })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
    .innerJoin(outlets, eq(outlets.id, orderItems.outletId))
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(orderItems.id, itemId));
  if (!row) return null;
  const [status] = await db.select().from(statuses).where(eq(statuses.id, row.job.dispenseStatusId));
  const [revision] = await db
    .select({ revision: orderItemSelections.revision })
    .from(orderItemSelections)
    .where(eq(orderItemSelections.orderItemId, itemId))
    .orderBy(desc(orderItemSelections.revision))
    .limit(1);
  return { ...row, jobStatusSlug: status?.slug ?? null, revision: revision?.revision ?? null };
}
export type ItemContext = NonNullable<Awaited<ReturnType<typeof loadItemContext>>>;

/** A lens option of a product, shaped as the job edit snapshots it (`lens_addon_combination`). */
export async function lensOptionOfProduct(db: Db, optionId: number, regionProductId: number) {
  const [row] = await db
    .select({ combo: lensAddonCombinations, lens: lenses, supplier: lensSuppliers })
    .from(lensAddonCombinations)
    .innerJoin(lenses, eq(lenses.id, lensAddonCombinations.lensId))
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lenses.supplierId))
    .where(
      and(eq(lensAddonCombinations.id, optionId), eq(lensAddonCombinations.regionProductId, regionProductId)),
    );
  if (!row) return null;
  const { combo, lens, supplier } = row;
  return {
    id: combo.id,
    lens_id: lens.id,
    lenses: {
      id: lens.id,
      name: lens.name,
      supplier: { id: supplier.id, name: supplier.name, abbreviation: supplier.abbreviation },
      index: lens.refractiveIndex,
      lens_color: lens.colourName ? { name: lens.colourName } : null,
      lens_type: lens.lensTypeKey,
      diameters: lens.diameters,
      ranges: {
        sph_min: lens.sphMin,
        sph_max: lens.sphMax,
        cyl_min: lens.cylMin,
        add_min: lens.addMin,
        add_max: lens.addMax,
      },
    },
    coating: { name: combo.coatingName, display_name: combo.coatingDisplayName },
    tint: combo.tintDisplayName ? { display_name: combo.tintDisplayName } : null,
  };
}

/** Names for the wires: suppliers, contacts, outlets, staff of these orders. */
export async function lensOrderNames(
  db: Db,
  rows: (typeof lensOrders.$inferSelect)[],
  extraStaffIds: number[] = [],
) {
  const ids = <T>(f: (r: typeof lensOrders.$inferSelect) => T | null) => [
    ...new Set(rows.map(f).filter((v): v is T => v != null)),
  ];
  const supplierIds = ids((r) => r.supplierId);
  const contactIds = ids((r) => r.contactId);
  const outletIds = ids((r) => r.deliverToOutletId).concat(ids((r) => r.fromOutletId));
  const staffIds = [...new Set([...ids((r) => r.placedBy), ...extraStaffIds])];
  const [s, c, o, st] = await Promise.all([
    supplierIds.length ? db.select().from(lensSuppliers).where(inArray(lensSuppliers.id, supplierIds)) : [],
    contactIds.length
      ? db.select().from(supplierContacts).where(inArray(supplierContacts.id, contactIds))
      : [],
    outletIds.length ? db.select().from(outlets).where(inArray(outlets.id, outletIds)) : [],
    staffIds.length ? db.select().from(staffUsers).where(inArray(staffUsers.id, staffIds)) : [],
  ]);
  return {
    supplier: new Map(s.map((r) => [r.id, r])),
    contact: new Map(c.map((r) => [r.id, r])),
    outlet: new Map(o.map((r) => [r.id, r])),
    staff: new Map(st.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()])),
  };
}

/** Each item's latest lens order in brief (the job's items show it), in one query whatever the number of items. */
export async function lensOrderSummaries(
  db: Db,
  itemIds: number[],
): Promise<Map<number, LensOrderSummaryWire>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([lensOrders.orderItemId], { order: lensOrders, supplierName: lensSuppliers.name })
    .from(lensOrders)
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lensOrders.supplierId))
    .where(inArray(lensOrders.orderItemId, itemIds))
    .orderBy(lensOrders.orderItemId, desc(lensOrders.sequence));
  return new Map(rows.map((r) => [r.order.orderItemId, toSummaryWire(r.order, r.supplierName)]));
}

/**
 * `lensOrderSummaries` for one item as a JSON subselect of the job detail's one statement (`item`
 * names its order_items row): the same latest order by sequence, read by the same columns.
 */
export const lensOrderSummarySql: SqlJsonPart<LensOrderSummaryWire | null> = {
  sql: (item) => `(select json_build_object('id', l.id, 'reference', l.reference, 'supplierId', l.supplier_id,
      'supplierKind', l.supplier_kind, 'state', l.state, 'statusCode', l.status_code, 'open', l.open, 'eta', l.eta,
      'trackingNumber', l.tracking_number, 'createdAt', l.created_at, 'supplierName', s.name)
    from lens_orders l join lens_suppliers s on s.id = l.supplier_id
    where l.order_item_id = ${item}.id order by l.sequence desc limit 1)`,
  toWire(json) {
    if (!json) return null;
    const row = json as Omit<SummaryRow, "createdAt"> & { createdAt: string; supplierName: string };
    return toSummaryWire({ ...row, createdAt: new Date(row.createdAt) }, row.supplierName);
  },
};

/** One lens order in brief, by its id (what a cancel names), or null. */
export async function lensOrderSummary(db: Db, lensOrderId: number): Promise<LensOrderSummaryWire | null> {
  const [row] = await db
    .select({ order: lensOrders, supplierName: lensSuppliers.name })
    .from(lensOrders)
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lensOrders.supplierId))
    .where(eq(lensOrders.id, lensOrderId));
  return row ? toSummaryWire(row.order, row.supplierName) : null;
}

/** Every lens order of a job in brief, oldest first (the job docket prints them all, repeats included). */
export async function lensOrdersOfJob(db: Db, orderId: number): Promise<LensOrderSummaryWire[]> {
  const rows = await db
    .select({ order: lensOrders, supplierName: lensSuppliers.name })
    .from(lensOrders)
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lensOrders.supplierId))
    .where(eq(lensOrders.orderId, orderId))
    .orderBy(asc(lensOrders.createdAt), asc(lensOrders.id));
  return rows.map((r) => toSummaryWire(r.order, r.supplierName));
}

/**
 * Holds the job's row against a change of its customer (FOR KEY SHARE, which the lens order's own
 * foreign key would take anyway) before the item is locked: both this and the customer change then
 * take the job first and the item second, so they queue behind each other instead of each holding
 * what the other waits for (a deadlock: the change locks the job, then its items; an order locked
 * its item, then waited on the job for its foreign key).
 */
export async function lockJobAgainstCustomerChange(tx: Db, orderId: number): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("key share");
}

/** Locks the item's row for the transaction: orders for one item queue behind each other. */
export async function lockItem(tx: Db, itemId: number): Promise<void> {
  await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, itemId)).for("update");
}

export async function itemStatusOf(db: Db, itemId: number): Promise<number | null> {
  const [row] = await db
    .select({ status: orderItems.dispenseStatusId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  return row?.status ?? null;
}

/** The supplier's code for a catalogue lens as it is now (an administrator may set it after the job edit). */
export async function catalogueLensCode(db: Db, lensId: number | null | undefined): Promise<string | null> {
  if (lensId == null) return null;
  const [row] = await db.select({ code: lenses.lensCode }).from(lenses).where(eq(lenses.id, lensId));
  return row?.code ?? null;
}

/** Whether any lens order went through a contact (it then stays, made inactive, when removed). */
export async function contactHasOrders(db: Db, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lensOrders.id })
    .from(lensOrders)
    .where(eq(lensOrders.contactId, contactId))
    .limit(1);
  return Boolean(row);
}

// Rows of the suppliers' and the reference tables by id, as the service reads them (the lens
// orders' own rows name them).

export const supplierWithId = (db: Db, id: number) =>
  db.select().from(lensSuppliers).where(eq(lensSuppliers.id, id));

export const suppliersWithIds = (db: Db, ids: number[]) =>
  db.select().from(lensSuppliers).where(inArray(lensSuppliers.id, ids));

export const supplierNameWithId = (db: Db, id: number) =>
  db.select({ name: lensSuppliers.name }).from(lensSuppliers).where(eq(lensSuppliers.id, id));

export const contactWithId = (db: Db, id: number) =>
  db.select().from(supplierContacts).where(eq(supplierContacts.id, id));

export const contactsWithIds = (db: Db, ids: number[]) =>
  db.select().from(supplierContacts).where(inArray(supplierContacts.id, ids));

export const outletWithId = (db: Db, id: number) => db.select().from(outlets).where(eq(outlets.id, id));

export const outletsWithIds = (db: Db, ids: number[]) =>
  db.select().from(outlets).where(inArray(outlets.id, ids));
