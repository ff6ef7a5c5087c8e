import { plainCustomerMover } from "../../platform/db/customer-rows";
import { payments } from "./payments.tables";

/** A customer merge (issue 46) moves the losing customer's payments to the kept one; its undo moves them back. */
export const paymentsCustomerMover = plainCustomerMover([
  { table: payments, column: payments.customerId, name: "payments" },
]);
