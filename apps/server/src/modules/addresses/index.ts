// What other modules may use of billing addresses.

export { type ImportedAddress, insertImportedAddresses } from "./addresses.import";
export { addressesCustomerMover } from "./addresses.merge";
export { registerAddressesRoutes } from "./addresses.routes";
export { createAddressesService } from "./addresses.service";
