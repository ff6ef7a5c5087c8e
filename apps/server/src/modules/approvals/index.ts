// What other modules may use of approvals.
export { findValidApproval, type ValidApproval } from "./approvals.queries";
export { registerApprovalsRoutes } from "./approvals.routes";
