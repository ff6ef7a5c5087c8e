import { httpsUrl, ROLE_ID_INVALID, ROLE_IDS, rowId } from "@loupe/domain";
import { z } from "zod";
import { loginAddress, requestPasswordResetAddress } from "./auth-address";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, messageEnvelope, qInt } from "./envelope";
import { outletWire, regionWire } from "./reference";

export const staffUserWire = z.object({
  id: z.number(),
  role_id: z.number(),
  is_beta_user: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
  region_id: z.number().nullable(),
  outlet_id: z.number().nullable(),
  /** Where an administrator placed the user (ADR 0022): a non-administrator selects only outlets of the home region. */
  home_region_id: z.number().nullable(),
  home_outlet_id: z.number().nullable(),
  outlet: outletWire.nullable(),
  region: regionWire.nullable(),
});
export type StaffUserWire = z.infer<typeof staffUserWire>;

export const loginBody = z.strictObject({ email: z.string(), password: z.string() });

export const login = defineEndpoint({
  ...loginAddress,
  summary: "Sign in with e-mail and password; answers a bearer token",
  body: loginBody,
  response: dataEnvelope(z.object({ token: z.string(), expires_at: z.string(), user: staffUserWire })),
});

export const logout = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/user/logout",
  summary: "Revoke the current token",
  response: messageEnvelope,
});

export const getMe = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/me",
  summary: "The signed-in staff user",
  response: dataEnvelope(staffUserWire),
});

export const updateMeBody = z.strictObject({
  region_id: rowId().optional(),
  outlet_id: rowId().optional(),
  first_name: z.string().min(1).max(100).optional(),
  last_name: z.string().max(100).optional(),
  profile_image: httpsUrl("profile_image").nullable().optional(),
});

export const updateMe = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/me",
  summary: "Update the signed-in user (the location selector saves region and outlet here)",
  body: updateMeBody,
  response: dataEnvelope(staffUserWire),
});

export const updateStaffUser = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/user/:id",
  summary: "Update a staff user (self, or any user for an admin)",
  params: idParams,
  body: updateMeBody.extend({
    role_id: rowId()
      .refine((v) => ROLE_IDS.includes(v), ROLE_ID_INVALID)
      .optional(),
    is_beta_user: z.boolean().optional(),
  }),
  response: dataEnvelope(staffUserWire),
});

export const listStaff = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/user",
  summary: "Staff users (staff=true, limit up to 100)",
  query: z.object({
    staff: z.string().optional(),
    limit: qInt.min(1).max(100).default(100),
  }),
  response: dataEnvelope(z.array(staffUserWire)),
});

export const requestPasswordReset = defineEndpoint({
  ...requestPasswordResetAddress,
  summary: "E-mail a password reset link",
  body: z.strictObject({ email: z.string() }),
  response: messageEnvelope,
});

export const changePassword = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/auth/password/change",
  summary: "Set a new password with a reset token",
  auth: false,
  body: z.strictObject({
    email: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
    token: z.string(),
  }),
  response: messageEnvelope,
});

/** A signed-in session as its owner sees it (issue 25): the device, the address and when it was last used. */
export const sessionWire = z.object({
  id: z.number(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The browser's User-Agent as it signed in. */
  device: z.string().nullable(),
  address: z.string().nullable(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type SessionWire = z.infer<typeof sessionWire>;

export const listMySessions = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/me/sessions",
  summary: "My signed-in sessions (live ones), newest use first",
  response: dataEnvelope(z.array(sessionWire)),
});

export const endMySession = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/me/sessions/:id",
  summary: "Sign one of my sessions out (the current one too)",
  params: idParams,
  response: messageEnvelope,
});

export const endStaffSessions = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/users/:id/sessions/end",
  summary: "Sign every session of a staff member out (administrators)",
  params: idParams,
  response: z.object({ message: z.string(), data: z.object({ ended: z.number() }) }),
});
