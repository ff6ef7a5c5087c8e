// What an imported job's line is sold as when the other system's SKU is not in Loupe's catalogue
// (issue 46): one retired "Imported item" product per region, never offered for sale; the line
// keeps its own description and SKU beside it (the item's additional_info).

import { productTypeKeys } from "@loupe/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "./catalogue.tables";

export const IMPORTED_ITEM_SKU = "LOUPE-IMPORTED-ITEM";

/** The region → the "Imported item" product's id, made in a region the first time it is needed. */
export async function importedItemProducts(
  db: Db,
  regionIds: readonly number[],
): Promise<Map<number, number>> {
  const wanted = [...new Set(regionIds)];
  if (!wanted.length) return new Map();
  const find = () =>
    db
      .select({ id: regionProducts.id, regionId: regionProducts.regionId })
      .from(regionProducts)
      .where(and(inArray(regionProducts.regionId, wanted), eq(regionProducts.sku, IMPORTED_ITEM_SKU)));
  let rows = await find();
  const missing = wanted.filter((r) => !rows.some((x) => x.regionId === r));
  if (missing.length) {
    await db
      .insert(regionProducts)
      .values(
        missing.map((regionId) => ({
          regionId,
          name: "Imported item",
          sku: IMPORTED_ITEM_SKU,
          kind: "service" as const,
          priceMinor: 0,
          retiredAt: new Date(),
          ...productTypeKeys({
            kind: "service",
            lenses_type: null,
            product_type_key: null,
            parent_type_key: null,
          }),
        })),
      )
      .onConflictDoNothing();
    rows = await find();
  }
  return new Map(rows.map((r) => [r.regionId, r.id]));
}
