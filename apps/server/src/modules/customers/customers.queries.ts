import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets, regions } from "../reference/reference.tables";

/** Every region (their country codes go on each customer's wire). */
export const allRegions = (db: Db) => db.select().from(regions);

/** The outlet of this id, if there is one (a customer's outlet must exist). */
export const outletIdOf = (db: Db, outletId: number) =>
  db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId));
