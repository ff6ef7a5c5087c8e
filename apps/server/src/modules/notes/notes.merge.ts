import { plainCustomerMover } from "../../platform/db/customer-rows";
import { notes } from "./notes.tables";

/** A customer merge (issue 46) moves the losing customer's notes to the kept one; its undo moves them back. */
export const notesCustomerMover = plainCustomerMover([
  { table: notes, column: notes.customerId, name: "notes" },
]);
