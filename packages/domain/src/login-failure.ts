// Kept apart from auth-rules.ts (which builds zod schemas) so the sign-in page loads no zod.
/** The spec's words for a refused sign-in (wrong e-mail or password). */
export const LOGIN_REFUSED = "Unauthorized";
export const LOGIN_UNREACHABLE = "Cannot reach the server. Check the connection and try again.";
export const loginOutage = (status: number) =>
  `The server is not working right now (error ${status}). Please try again in a few minutes.`;

/**
 * What the sign-in page says when sign-in fails (issue 29): the spec's "Unauthorized" for wrong
 * credentials, but the server's own words for a lockout (429 "wait 15 minutes") or a refusal it
 * explains, and an outage said as one, so nobody retypes a right password during an outage.
 */
export function loginFailureText(status: number, serverMessage?: string | null): string {
  if (status === 0) return LOGIN_UNREACHABLE;
  if (status >= 500) return loginOutage(status);
  if (status === 401) return LOGIN_REFUSED;
  const said = serverMessage?.trim();
  return said && said !== "The given data was invalid." ? said : LOGIN_REFUSED;
}
