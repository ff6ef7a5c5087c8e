// What other modules may use of payments.

export { type VerifiedCard, verifiedCardPayment } from "./job-payments.service";
export { registerPaymentsRoutes } from "./payments.routes";
export { paymentsCustomerMover } from "./payments.merge";
