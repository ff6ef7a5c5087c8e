// What other modules may use of approvals.
export { findValidApproval, type ValidApproval } from "./approvals.queries";
