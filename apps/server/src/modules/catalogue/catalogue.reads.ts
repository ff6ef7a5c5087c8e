import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "./catalogue.tables";

/** One product's row in one region, as the catalogue stores it. */
export type RegionProductRow = typeof regionProducts.$inferSelect;

/**
 * The products with these ids, retired ones included: a job shows what it was sold with even after
 * the product leaves the catalogue (ADR 0056).
 */
export async function productsWithIds(db: Db, ids: number[]): Promise<RegionProductRow[]> {
  if (!ids.length) return [];
  return db.select().from(regionProducts).where(inArray(regionProducts.id, ids));
}
