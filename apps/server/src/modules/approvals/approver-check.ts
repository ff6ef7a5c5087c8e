import { mayApprove, ROLE_MESSAGES } from "@loupe/domain";
import { AppError, validationError } from "../../platform/http/app-error";
import { type AuthService, LOGIN_FAILED_MESSAGE } from "../auth";
import type { StaffRow } from "../staff";

/**
 * The manager who approves in a staff member's dialog (a refund, a collection, a discount): signed in
 * there by e-mail and password, someone else than the requester, in a role that approves. The
 * caller checks what its own approval needs beyond that (region, role setting).
 */
export async function checkApprover(
  auth: Pick<AuthService, "verifyCredentials">,
  requester: StaffRow,
  credentials: { email: string; password: string },
  meta: { ip: string },
): Promise<StaffRow> {
  let approver: StaffRow;
  try {
    approver = await auth.verifyCredentials(credentials, meta);
  } catch (err) {
    // A 401 would sign the requesting staff member out: the manager's wrong password is a field error.
    if (err instanceof AppError && err.code === "unauthenticated")
      throw validationError({ password: [LOGIN_FAILED_MESSAGE] });
    if (err instanceof AppError && err.code === "validation_failed" && err.errors?.email)
      throw validationError({ email: err.errors.email });
    throw err;
  }
  if (approver.id === requester.id) throw new AppError("forbidden", ROLE_MESSAGES.approvalSelf);
  if (!mayApprove(approver.roleId)) throw new AppError("forbidden", ROLE_MESSAGES.notApprover);
  return approver;
}
