// What other modules may use of suppliers.
export { contactHasOrdersSlot } from "./contact-orders.slot";
export { type ContactRow, contactFullName, type SupplierRow } from "./suppliers.mappers";
export { contactOffered, supplierContactsForOutlet } from "./suppliers.queries";
export { registerSuppliersRoutes } from "./suppliers.routes";
export { createSuppliersService, type SuppliersService } from "./suppliers.service";
