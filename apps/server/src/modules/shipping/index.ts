// What other modules may use of shipping.
export { jobShipment } from "./shipping.queries";
export { registerShippingRoutes } from "./shipping.routes";
