import { plainCustomerMover } from "../../platform/db/customer-rows";
import { quotes } from "./quotes.tables";

/** A customer merge (issue 46) moves the losing customer's quotes to the kept one; its undo moves them back. */
export const quotesCustomerMover = plainCustomerMover([
  { table: quotes, column: quotes.customerId, name: "quotes" },
]);
