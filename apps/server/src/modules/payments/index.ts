// What other modules may use of payments.
export { registerPaymentsRoutes } from "./payments.routes";
