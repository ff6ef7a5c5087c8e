// What other modules may use of quotes (issue 44, ADR 0058).

export { quotesCustomerMover } from "./quotes.merge";
export { registerQuotesRoutes } from "./quotes.routes";
