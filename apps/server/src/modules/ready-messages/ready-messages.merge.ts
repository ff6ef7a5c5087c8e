import { plainCustomerMover } from "../../platform/db/customer-rows";
import { jobMessages } from "./ready-messages.tables";

/** A customer merge (issue 46) moves the losing customer's job_messages to the kept one; its undo moves them back. */
export const readyMessagesCustomerMover = plainCustomerMover([
  { table: jobMessages, column: jobMessages.customerId, name: "job_messages" },
]);
