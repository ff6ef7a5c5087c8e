import type { SupplierLensWire } from "@loupe/contract";
import { isAdmin, SUPPLIER_MESSAGES } from "@loupe/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import type { StaffRow } from "../staff";
import { lenses } from "./catalogue.tables";
import { supplierExists } from "./lens-codes.queries";

// The supplier's code for each of its lenses (ADR 0032): the catalogue's field the DCS record's
// LNAM carries. The lens catalogue is this module's (ADR 0056), so its one write lives here; the supplier
// settings screen reads and edits it through the supplier's address.

type LensRow = typeof lenses.$inferSelect;
const toWire = (l: LensRow): SupplierLensWire => ({
  id: l.id,
  supplier_id: l.supplierId,
  name: l.name,
  lens_type: l.lensTypeKey,
  index: l.refractiveIndex,
  lens_code: l.lensCode,
  is_active: l.isActive,
});

export function createLensCodes({ db }: { db: Db }) {
  return {
    async list(supplierId: number): Promise<SupplierLensWire[]> {
      if (!(await supplierExists(db, supplierId))) throw notFound("Supplier");
      const rows = await db
        .select()
        .from(lenses)
        .where(eq(lenses.supplierId, supplierId))
        .orderBy(asc(lenses.name), asc(lenses.id));
      return rows.map(toWire);
    },

    async set(staff: StaffRow, supplierId: number, lensId: number, code: string | null) {
      if (!isAdmin(staff)) throw new AppError("forbidden", SUPPLIER_MESSAGES.adminOnly);
      const [row] = await db
        .update(lenses)
        .set({ lensCode: code })
        .where(and(eq(lenses.id, lensId), eq(lenses.supplierId, supplierId)))
        .returning();
      if (!row) {
        const [other] = await db.select({ id: lenses.id }).from(lenses).where(eq(lenses.id, lensId));
        if (other)
          throw new AppError("validation_failed", SUPPLIER_MESSAGES.lensNotOfSupplier, {
            lensId: [SUPPLIER_MESSAGES.lensNotOfSupplier],
          });
        throw notFound("Lens");
      }
      return toWire(row);
    },
  };
}
