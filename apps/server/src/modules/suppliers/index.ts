// What other modules may use of suppliers.
export { type ContactRow, contactFullName, type SupplierRow } from "./suppliers.mappers";
export { contactOffered, supplierContactsForOutlet } from "./suppliers.queries";
export { createSuppliersService, type SuppliersService } from "./suppliers.service";
