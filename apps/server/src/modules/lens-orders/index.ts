// What other modules may use of lens orders.
export { lensOrderSummaries } from "./lens-orders.queries";
