import { plainCustomerMover } from "../../platform/db/customer-rows";
import { intakeCustomerLinks } from "./intake.tables";

/** A customer merge (issue 46) moves the losing customer's intake_customer_links to the kept one; its undo moves them back. */
export const intakeCustomerMover = plainCustomerMover([
  { table: intakeCustomerLinks, column: intakeCustomerLinks.customerId, name: "intake_customer_links" },
]);
