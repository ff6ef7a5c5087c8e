import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { lensSuppliers } from "../suppliers/suppliers.tables";

/** Whether the supplier exists (its lenses' codes are edited in its settings). */
export async function supplierExists(db: Db, supplierId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lensSuppliers.id })
    .from(lensSuppliers)
    .where(eq(lensSuppliers.id, supplierId));
  return Boolean(row);
}
