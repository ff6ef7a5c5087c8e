// What other modules may use of auth.
export {
  type AuthService,
  createAuthService,
  hashPassword,
  INVITATION_TTL_HOURS,
  LOGIN_FAILED_MESSAGE,
} from "./auth.service";
