// What other modules may use of auth.

export { registerAuthRoutes } from "./auth.routes";
export {
  type AuthService,
  createAuthService,
  hashPassword,
  INVITATION_TTL_HOURS,
  LOGIN_FAILED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
} from "./auth.service";
export { createPageThrottle, type PageThrottle } from "./page-throttle";
export { createSessionLookup } from "./session-lookup";
export { createSessionsService, MAX_LIVE_SESSIONS } from "./sessions.service";
