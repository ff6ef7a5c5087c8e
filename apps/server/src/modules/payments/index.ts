// What other modules may use of payments.

export { type VerifiedCard, verifiedCardPayment } from "./job-payments.service";
export { paymentsCustomerMover } from "./payments.merge";
export { registerPaymentsRoutes } from "./payments.routes";
