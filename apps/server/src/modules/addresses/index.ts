// What other modules may use of billing addresses.

export { addressesCustomerMover } from "./addresses.merge";
export { registerAddressesRoutes } from "./addresses.routes";
export { createAddressesService } from "./addresses.service";
