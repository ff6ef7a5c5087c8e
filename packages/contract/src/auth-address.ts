import type { Endpoint } from "./endpoint";

/** What a call needs to reach an endpoint (no schemas): the sign-in page calls login with this alone. */
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
