import {
  createSupplier,
  createSupplierContact,
  deleteSupplierContact,
  listSupplierContactsByOutlet,
  listSuppliers,
  setSupplierDeliveryOutlets,
  updateSupplier,
  updateSupplierContact,
} from "@loupe/contract";
import { SUPPLIER_MESSAGES } from "@loupe/domain";
import { readVersion } from "../../platform/db/versioning";
import { notFound } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { outletSupplierContactsSlot } from "../reference";
import { supplierContactsForOutlet } from "./suppliers.queries";
import { createSuppliersService } from "./suppliers.service";

export function registerSuppliersRoutes({ bind, db, slots }: ModuleContext): void {
  const service = createSuppliersService({ db, slots });
  // The one outlet's answer (reference, below suppliers) lists the contacts it orders through.
  outletSupplierContactsSlot.provide(slots, supplierContactsForOutlet);
  bind(listSuppliers, async ({ query }) => ({
    data: await service.list(query.include_inactive !== "false"),
  }));
  bind(listSupplierContactsByOutlet, async ({ params }) => {
    const data = await supplierContactsForOutlet(db, params.id);
    if (!data) throw notFound("Outlet");
    return { data };
  });
  bind(createSupplier, async ({ staff, body }) => ({
    message: SUPPLIER_MESSAGES.saved,
    data: await service.create(staff, body),
  }));
  bind(updateSupplier, async ({ staff, params, body }) => ({
    message: SUPPLIER_MESSAGES.saved,
    data: await service.update(staff, params.id, body),
  }));
  bind(createSupplierContact, async ({ staff, params, body }) => ({
    message: SUPPLIER_MESSAGES.contactSaved,
    data: await service.createContact(staff, params.id, body),
  }));
  bind(updateSupplierContact, async ({ staff, params, body }) => ({
    message: SUPPLIER_MESSAGES.contactSaved,
    data: await service.updateContact(staff, params.id, body),
  }));
  bind(deleteSupplierContact, async ({ staff, params, query }) => {
    const outcome = await service.removeContact(staff, params.id, readVersion(query.version));
    return {
      message:
        outcome === "removed" ? SUPPLIER_MESSAGES.contactRemoved : SUPPLIER_MESSAGES.contactDeactivated,
    };
  });
  bind(setSupplierDeliveryOutlets, async ({ staff, params, body }) => ({
    message: SUPPLIER_MESSAGES.saved,
    data: await service.setDeliveryOutlets(staff, params.id, body.delivery_outlets, body.version),
  }));
}
