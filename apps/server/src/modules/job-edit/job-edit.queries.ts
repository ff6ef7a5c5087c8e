import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { builtOnce } from "../../platform/db/built-once";
import type { Db } from "../../platform/db/client";
import { lensAddonCombinations, lenses, regionProducts } from "../catalogue/catalogue.tables";
import { orderItems, orders } from "../jobs/jobs.tables";
import { colours } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { lensSuppliers } from "../suppliers/suppliers.tables";
import { orderItemSelections } from "./job-edit.tables";
// Reads of the jobs', reference, staff and suppliers' tables for the job edit (its writes of the
// selection are in job-edit.service.ts and job-edit.reentry.ts).

/** A region product (the jobs module's table): what an item is. */
export type ProductRow = typeof regionProducts.$inferSelect;
/** A frame or temple colour (reference data). */
export type ColourRow = typeof colours.$inferSelect;
/** A lens option of a product with its lens and the lens's supplier. */
export interface LensOptionRow {
  combo: typeof lensAddonCombinations.$inferSelect;
  lens: typeof lenses.$inferSelect;
  supplier: typeof lensSuppliers.$inferSelect;
}

export const productWithId = (db: Db, id: number) =>
  db.select().from(regionProducts).where(eq(regionProducts.id, id));

/** The products of a region (every region's without one), by region then id. */
export const productsOfRegion = (db: Db, regionId?: number) =>
  db
    .select()
    .from(regionProducts)
    .where(regionId ? eq(regionProducts.regionId, regionId) : undefined)
    .orderBy(asc(regionProducts.regionId), asc(regionProducts.id));

/** A product's active lens options, with their lens and supplier. */
export async function lensOptionRows(db: Db, productId: number) {
  return db
    .select({ combo: lensAddonCombinations, lens: lenses, supplier: lensSuppliers })
    .from(lensAddonCombinations)
    .innerJoin(lenses, eq(lenses.id, lensAddonCombinations.lensId))
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lenses.supplierId))
    .where(and(eq(lensAddonCombinations.regionProductId, productId), eq(lenses.isActive, true)))
    .orderBy(asc(lensAddonCombinations.id));
}

const productOptionRows = builtOnce(["productId"], (db, { productId }) =>
  db
    .select({ product: regionProducts, combo: lensAddonCombinations, lens: lenses, supplier: lensSuppliers })
    .from(regionProducts)
    .leftJoin(lensAddonCombinations, eq(lensAddonCombinations.regionProductId, regionProducts.id))
    .leftJoin(lenses, and(eq(lenses.id, lensAddonCombinations.lensId), eq(lenses.isActive, true)))
    .leftJoin(lensSuppliers, eq(lensSuppliers.id, lenses.supplierId))
    .where(eq(regionProducts.id, productId))
    .orderBy(asc(lensAddonCombinations.id)),
);

/**
 * A product with its active lens options (as `lensOptionRows` reads them), in one statement: the
 * lens-options call read them in two round trips. A row per option, or one row with `combo` null
 * when there is none; a combination whose lens is inactive or whose supplier is gone comes back
 * with `lens` or `supplier` null and is dropped, as the inner joins dropped it. Its SQL is built
 * once (built-once.ts).
 */
export async function productWithLensOptions(db: Db, productId: number) {
  const rows = await productOptionRows(db, { productId });
  if (!rows.length) return null;
  const options: LensOptionRow[] = [];
  for (const { combo, lens, supplier } of rows)
    if (combo && lens && supplier) options.push({ combo, lens, supplier });
  return { product: rows[0].product, options };
}

/** An item with its job and product. */
export const itemWithOrderAndProduct = (db: Db, itemId: number) =>
  db
    .select({ item: orderItems, order: orders, product: regionProducts })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
    .where(eq(orderItems.id, itemId));

export const itemWithId = (db: Db, itemId: number) =>
  db.select().from(orderItems).where(eq(orderItems.id, itemId));

/** The item's newest selection revision, with who saved it. */
export const latestRevisionWithStaff = (db: Db, itemId: number) =>
  db
    .select({
      revision: orderItemSelections.revision,
      createdAt: orderItemSelections.createdAt,
      staffId: orderItemSelections.staffUserId,
      first: staffUsers.firstName,
      last: staffUsers.lastName,
    })
    .from(orderItemSelections)
    .leftJoin(staffUsers, eq(staffUsers.id, orderItemSelections.staffUserId))
    .where(eq(orderItemSelections.orderItemId, itemId))
    .orderBy(desc(orderItemSelections.revision))
    .limit(1);

/** Every selection revision of the item, newest first, with who saved it. */
export const revisionsWithStaff = (db: Db, itemId: number) =>
  db
    .select({ r: orderItemSelections, first: staffUsers.firstName, last: staffUsers.lastName })
    .from(orderItemSelections)
    .leftJoin(staffUsers, eq(staffUsers.id, orderItemSelections.staffUserId))
    .where(eq(orderItemSelections.orderItemId, itemId))
    .orderBy(desc(orderItemSelections.revision));

/** The job's customer, the job row share-locked (a customer change waits, or is wholly before). */
export const jobCustomerForShare = (db: Db, orderId: number) =>
  db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId)).for("share");

export const coloursWithIds = (db: Db, ids: number[]) =>
  db.select().from(colours).where(inArray(colours.id, ids));

/** A job's items with their selection, locked for the caller's transaction (a customer change). */
export const jobItemsForUpdate = (tx: Db, orderId: number) =>
  tx
    .select({ id: orderItems.id, additionalInfo: orderItems.additionalInfo })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .for("update");
