import { MANAGER_ROLE_ID } from "@loupe/domain";
import { asc, eq, ne } from "drizzle-orm";
import { lensAddonCombinations, lenses, regionProducts } from "../modules/catalogue/catalogue.tables";
import { colours, pdSources, prescriptionSources } from "../modules/reference/reference.tables";
import { staffUsers } from "../modules/staff/staff.tables";
import { lensSuppliers } from "../modules/suppliers/suppliers.tables";
import type { Db } from "../platform/db/client";
import type { SelectionCatalogue } from "./selection-generator";

/** What every seeded selection is made from: products, their lens combinations, colours, sources, staff. */
export async function loadSelectionCatalogue(db: Db): Promise<SelectionCatalogue> {
  const [products, rows, colourRows, rxSources, pdSourceRows, staff] = await Promise.all([
    db.select().from(regionProducts),
    db
      .select({ combo: lensAddonCombinations, lens: lenses, supplier: lensSuppliers })
      .from(lensAddonCombinations)
      .innerJoin(lenses, eq(lenses.id, lensAddonCombinations.lensId))
      .innerJoin(lensSuppliers, eq(lensSuppliers.id, lenses.supplierId))
      .where(eq(lenses.isActive, true))
      .orderBy(asc(lensAddonCombinations.id)),
    db.select().from(colours).orderBy(asc(colours.id)),
    // Code-generated prescriptions come from the online eye test, not the shop floor.
    db
      .select()
      .from(prescriptionSources)
      .where(ne(prescriptionSources.slug, "cg"))
      .orderBy(asc(prescriptionSources.id)),
    db.select().from(pdSources).orderBy(asc(pdSources.id)),
    db
      .select({ id: staffUsers.id, first: staffUsers.firstName, last: staffUsers.lastName })
      .from(staffUsers)
      // Managers (ADR 0022) are not the ones recording selections; leaving them out keeps the
      // generated data as it was before they existed.
      .where(ne(staffUsers.roleId, MANAGER_ROLE_ID))
      .orderBy(asc(staffUsers.id)),
  ]);
  const options = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = options.get(r.combo.regionProductId) ?? [];
    list.push(r);
    options.set(r.combo.regionProductId, list);
  }
  return {
    products: new Map(products.map((p) => [p.id, p])),
    options,
    frameColours: colourRows.filter((c) => c.type === "Frame"),
    templeColours: colourRows.filter((c) => c.type === "Temple"),
    rxSources: rxSources.map((s) => ({ id: s.id, name: s.name, slug: s.slug, origin: s.origin })),
    pdSources: pdSourceRows.map((s) => ({ id: s.id, name: s.name, slug: s.slug })),
    staff: staff.map((s) => ({ id: s.id, full_name: `${s.first} ${s.last}`.trim() })),
  };
}
