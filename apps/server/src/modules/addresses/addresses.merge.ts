import { plainCustomerMover } from "../../platform/db/customer-rows";
import { billingAddresses } from "./addresses.tables";

/** A customer merge (issue 46) moves the losing customer's billing_addresses to the kept one; its undo moves them back. */
export const addressesCustomerMover = plainCustomerMover([
  { table: billingAddresses, column: billingAddresses.customerId, name: "billing_addresses" },
]);
