// What other modules may use of lens orders.
export { lensOrderSummaries, lensOrderSummary, lensOrdersOfJob } from "./lens-orders.queries";
export { registerLensOrdersRoutes } from "./lens-orders.routes";
export { lensOrdersCustomerMover } from "./lens-orders.merge";
