// What other modules may use of lens orders.

export { lensOrdersCustomerMover } from "./lens-orders.merge";
export { lensOrderSummaries, lensOrderSummary, lensOrdersOfJob } from "./lens-orders.queries";
export { registerLensOrdersRoutes } from "./lens-orders.routes";
