// What other modules may use of billing addresses.
export { registerAddressesRoutes } from "./addresses.routes";
export { createAddressesService } from "./addresses.service";
export { addressesCustomerMover } from "./addresses.merge";
