// What other modules may use of approvals.
export { type ApproverFacts, findApprovals } from "./approvals.queries";
export { registerApprovalsRoutes } from "./approvals.routes";
export { checkApprover } from "./approver-check";
