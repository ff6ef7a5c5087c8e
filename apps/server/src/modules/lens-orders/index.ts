// What other modules may use of lens orders.
export { lensOrderSummaries, lensOrdersOfJob } from "./lens-orders.queries";
