import { plainCustomerMover } from "../../platform/db/customer-rows";
import { prescriptions } from "./prescriptions.tables";

/** A customer merge (issue 46) moves the losing customer's prescriptions to the kept one; its undo moves them back. */
export const prescriptionsCustomerMover = plainCustomerMover([
  { table: prescriptions, column: prescriptions.customerId, name: "prescriptions" },
]);
