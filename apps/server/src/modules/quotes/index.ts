// What other modules may use of quotes (issue 44, ADR 0058).
export { registerQuotesRoutes } from "./quotes.routes";
export { quotesCustomerMover } from "./quotes.merge";
