import { and, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";

// The catalogue rows an imported job's lines are matched to (the catalogue owns the table).

/** Products of these regions carrying these SKUs (retired ones too: history keeps what it sold). */
export function productsBySku(db: Db, regionIds: number[], skus: string[]) {
  if (!regionIds.length || !skus.length) return Promise.resolve([]);
  return db
    .select({ id: regionProducts.id, regionId: regionProducts.regionId, sku: regionProducts.sku })
    .from(regionProducts)
    .where(and(inArray(regionProducts.regionId, regionIds), inArray(regionProducts.sku, skus)));
}
