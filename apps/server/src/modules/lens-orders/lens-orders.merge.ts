import { plainCustomerMover } from "../../platform/db/customer-rows";
import { lensOrders } from "./lens-orders.tables";

/** A customer merge (issue 46) moves the losing customer's lens_orders to the kept one; its undo moves them back. */
export const lensOrdersCustomerMover = plainCustomerMover([
  { table: lensOrders, column: lensOrders.customerId, name: "lens_orders" },
]);
