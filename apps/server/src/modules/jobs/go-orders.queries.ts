import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { orderItems } from "./jobs.tables";

/** The online orders' items with their products' names (the catalogue's), in item order. */
export function itemsWithProductNames(db: Db, orderIds: number[]) {
  return db
    .select({ item: orderItems, name: regionProducts.name })
    .from(orderItems)
    .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
}
