import type { SupplierContactWire, SupplierWire } from "@loupe/contract";
import { cutOptionsFor } from "@loupe/domain";
import type { lensSuppliers, supplierContacts, supplierDeliveryOutlets } from "./suppliers.tables";

export type SupplierRow = typeof lensSuppliers.$inferSelect;
export type ContactRow = typeof supplierContacts.$inferSelect;
export type DeliveryOutletRow = typeof supplierDeliveryOutlets.$inferSelect;

export const contactFullName = (c: Pick<ContactRow, "firstName" | "lastName">) =>
  `${c.firstName} ${c.lastName}`.trim();

export const toContactWire = (c: ContactRow): SupplierContactWire => ({
  id: c.id,
  supplier_id: c.supplierId,
  region_id: c.regionId,
  first_name: c.firstName,
  last_name: c.lastName,
  full_name: contactFullName(c),
  mail: c.mail,
  phone: c.phone,
  channel: c.channel,
  drop_folder: c.dropFolder,
  account_number: c.accountNumber,
  is_active: c.isActive,
  version: c.version,
});

export const toSupplierWire = (
  s: SupplierRow,
  contacts: ContactRow[],
  deliveryOutlets: DeliveryOutletRow[],
): SupplierWire => ({
  id: s.id,
  name: s.name,
  abbreviation: s.abbreviation,
  order_type: s.orderType,
  kind: s.kind,
  is_active: s.isActive,
  contacts_listed: s.contactsListed,
  allows_cut: s.allowsCut,
  cut_options: cutOptionsFor(s.allowsCut),
  notes_max_length: s.notesMaxLength,
  requires_heights: s.requiresHeights,
  takes_job_type: s.takesJobType,
  contacts: contacts.filter((c) => c.supplierId === s.id).map(toContactWire),
  delivery_outlets: deliveryOutlets
    .filter((d) => d.supplierId === s.id)
    .map((d) => ({ region_id: d.regionId, outlet_id: d.outletId })),
  version: s.version,
});
