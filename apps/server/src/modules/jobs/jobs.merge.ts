import { plainCustomerMover } from "../../platform/db/customer-rows";
import { orders } from "./jobs.tables";

/** A customer merge (issue 46) moves the losing customer's orders to the kept one; its undo moves them back. */
export const jobsCustomerMover = plainCustomerMover([
  { table: orders, column: orders.customerId, name: "orders" },
]);
