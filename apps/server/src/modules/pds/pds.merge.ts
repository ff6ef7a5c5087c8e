import { plainCustomerMover } from "../../platform/db/customer-rows";
import { pds } from "./pds.tables";

/** A customer merge (issue 46) moves the losing customer's pds to the kept one; its undo moves them back. */
export const pdsCustomerMover = plainCustomerMover([{ table: pds, column: pds.customerId, name: "pds" }]);
