import type { Endpoint } from "./endpoint";

/** What a call needs to reach an endpoint (no schemas): the sign-in pages call with this alone. */
export type EndpointAddress = Pick<Endpoint, "method" | "base" | "path" | "auth">;

/**
 * The login endpoint's address, in a module without zod so the sign-in page does not load the
 * schemas (issue 16: ≤ 120 KB); `login` in ./auth is built from it, so the two cannot drift.
 */
export const loginAddress = {
  method: "POST",
  base: "api",
  path: "/user/login",
  auth: false,
} as const satisfies EndpointAddress;

/** The forgot-password page's endpoint, likewise (it opens from /login and loads nothing more). */
export const requestPasswordResetAddress = {
  method: "POST",
  base: "api",
  path: "/auth/password/reset",
  auth: false,
} as const satisfies EndpointAddress;
