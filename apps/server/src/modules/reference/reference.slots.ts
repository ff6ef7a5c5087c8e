import type { supplierContactForOutletWire } from "@loupe/contract";
import type { z } from "zod";
import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";

export type OutletSupplierContact = z.infer<typeof supplierContactForOutletWire>;

/**
 * The supplier contacts an outlet orders lenses through, or null for an unknown outlet: the one
 * outlet's answer shows them. Suppliers (above reference) know them and provide this slot.
 */
export const outletSupplierContactsSlot = defineSlot<
  (db: Db, outletId: number) => Promise<OutletSupplierContact[] | null>
>("reference.outletSupplierContacts");
