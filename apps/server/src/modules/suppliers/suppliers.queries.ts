import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets, regions } from "../reference/reference.tables";
import { type ContactRow, type SupplierRow, toContactWire } from "./suppliers.mappers";
import { lensSuppliers, supplierContacts } from "./suppliers.tables";

/**
 * Whether a contact is offered for ordering: active, of an active supplier, and either a listed
 * supplier's contact or an automatic channel (interface, file drop) — a supplier whose contacts are
 * not listed (§9) is still ordered through those.
 */
export const contactOffered = (supplier: SupplierRow, contact: ContactRow) =>
  supplier.isActive && contact.isActive && (supplier.contactsListed || contact.channel !== "email");

/** The contacts an outlet orders lenses through: its region's, offered ones, by supplier then name. */
export async function supplierContactsForOutlet(db: Db, outletId: number) {
  const [outlet] = await db.select().from(outlets).where(eq(outlets.id, outletId));
  if (!outlet) return null;
  const rows = await db
    .select({ contact: supplierContacts, supplier: lensSuppliers })
    .from(supplierContacts)
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, supplierContacts.supplierId))
    .where(
      and(
        eq(supplierContacts.regionId, outlet.regionId),
        eq(supplierContacts.isActive, true),
        eq(lensSuppliers.isActive, true),
        or(eq(lensSuppliers.contactsListed, true), inArray(supplierContacts.channel, ["api", "file_drop"])),
      ),
    )
    .orderBy(asc(lensSuppliers.name), asc(supplierContacts.lastName), asc(supplierContacts.id));
  return rows.map(({ contact, supplier }) => ({
    ...toContactWire(contact),
    supplier: {
      id: supplier.id,
      name: supplier.name,
      abbreviation: supplier.abbreviation,
      kind: supplier.kind,
    },
  }));
}

/** A region by id (reference data): the one a contact is for. */
export const regionWithId = (db: Db, id: number) => db.select().from(regions).where(eq(regions.id, id));

/** Outlets by id (reference data): a supplier's default delivery outlets. */
export const outletsWithIds = (db: Db, ids: number[]) =>
  db.select().from(outlets).where(inArray(outlets.id, ids));
