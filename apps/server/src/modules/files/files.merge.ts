import { plainCustomerMover } from "../../platform/db/customer-rows";
import { files } from "./files.tables";

/** A customer merge (issue 46) moves the losing customer's files to the kept one; its undo moves them back. */
export const filesCustomerMover = plainCustomerMover([
  { table: files, column: files.customerId, name: "files" },
]);
