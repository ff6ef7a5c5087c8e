import {
  APPROVAL_ACTIONS,
  APPROVAL_MESSAGES,
  ROLE_ID_INVALID,
  ROLE_IDS,
  roleSettingsSchema,
  rowId,
} from "@loupe/domain";
import { z } from "zod";
import { staffUserWire } from "./auth";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams } from "./envelope";
import { outletWire, regionWire } from "./reference";

/*
 * Roles a chain can set (issue 24, ADR 0022): the role settings record, a manager's approval of a
 * refund above the region's limit, and staff management for administrators.
 */

// ---------------------------------------------------------------------------------------------
// Role settings

/** The settings as the domain's RoleSettings, so the web app hands them to roleMay / approvalLimitMinor as they come. */
export const roleSettingsWire = z.object({
  settings: z.object({
    roles: z.record(z.string(), z.array(z.number())),
    approvalAboveMinor: z.record(z.string(), z.number().nullable()),
  }),
  version: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type RoleSettingsWire = z.infer<typeof roleSettingsWire>;

export const getRoleSettings = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/settings/roles",
  summary:
    "The role settings: which roles may refund, void, cancel a shipment or change a customer, and each region's approval limit",
  response: dataEnvelope(roleSettingsWire),
});

export const updateRoleSettings = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/settings/roles",
  summary:
    "Replace the role settings (administrators); the version read is required (428 without it, 409 when stale)",
  body: z.strictObject({ settings: roleSettingsSchema, version: expectedVersion }),
  response: z.object({ message: z.string(), data: roleSettingsWire }),
});

// ---------------------------------------------------------------------------------------------
// A manager's approval, given on the requesting staff member's screen

export const approvalWire = z.object({
  approval_id: z.number(),
  action: z.enum(APPROVAL_ACTIONS),
  approver: z.object({ id: z.number(), full_name: z.string() }),
  /** The most the one refund or void it lets through may return, in minor units (ADR 0049). */
  amount_minor: z.number(),
  expires_at: z.string(),
});
export type ApprovalWire = z.infer<typeof approvalWire>;

export const approveOrderAction = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/approvals",
  jobRule: { action: "request_approval", target: (r) => ({ order: r.params.id }) },
  summary:
    "A manager approves the signed-in staff member's refund or void of this job, of at most amount_minor (default: what a full refund returns now), by typing their own e-mail and password (no session is opened for them); one use, valid 10 minutes",
  params: idParams,
  body: z.strictObject({
    action: z.enum(APPROVAL_ACTIONS),
    amount_minor: z
      .number(APPROVAL_MESSAGES.amountInvalid)
      .int(APPROVAL_MESSAGES.amountInvalid)
      .positive(APPROVAL_MESSAGES.amountInvalid)
      .max(2_147_483_647, APPROVAL_MESSAGES.amountInvalid)
      .optional(),
    email: z.string().trim().min(1, "The email field is required.").max(200),
    password: z.string().min(1, "The password field is required.").max(200),
  }),
  response: z.object({ message: z.string(), data: approvalWire }),
});

// ---------------------------------------------------------------------------------------------
// Staff management (administrators)

const roleId = rowId().refine((v) => ROLE_IDS.includes(v), ROLE_ID_INVALID);

export const staffMemberWire = staffUserWire.extend({
  is_active: z.boolean(),
  home_outlet: outletWire.nullable(),
  home_region: regionWire.nullable(),
  /** When the member last signed in (their newest session), or null. */
  last_sign_in_at: z.string().nullable(),
  version: z.number(),
});
export type StaffMemberWire = z.infer<typeof staffMemberWire>;

export const listStaffMembers = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/users",
  summary: "Every staff member, active or not, with home outlet and last sign-in (administrators)",
  response: dataEnvelope(z.array(staffMemberWire)),
});

const name = (field: string) => z.string().trim().min(1, `The ${field} field is required.`).max(100);

export const createStaffMember = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/users",
  summary:
    "Add a staff member (administrators): home outlet sets the home region; an invitation with a set-password link is e-mailed",
  body: z.strictObject({
    first_name: name("first name"),
    last_name: z.string().trim().max(100).default(""),
    email: z.email("The email must be a valid email address.").max(200),
    role_id: roleId,
    home_outlet_id: rowId(),
  }),
  response: z.object({ message: z.string(), data: staffMemberWire }),
});

export const updateStaffMember = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/users/:id",
  summary:
    "Edit a staff member's name, role or home outlet (administrators); the version read is required (428 without it, 409 when stale)",
  params: idParams,
  body: z.strictObject({
    first_name: name("first name").optional(),
    last_name: z.string().trim().max(100).optional(),
    role_id: roleId.optional(),
    home_outlet_id: rowId().optional(),
    version: expectedVersion,
  }),
  response: z.object({ message: z.string(), data: staffMemberWire }),
});

const versionBody = z.strictObject({ version: expectedVersion });

export const disableStaffMember = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/users/:id/disable",
  summary:
    "Disable a staff member (administrators): they cannot sign in and every session of theirs ends at once",
  params: idParams,
  body: versionBody,
  response: z.object({ message: z.string(), data: staffMemberWire }),
});

export const enableStaffMember = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/users/:id/enable",
  summary: "Enable a disabled staff member again (administrators)",
  params: idParams,
  body: versionBody,
  response: z.object({ message: z.string(), data: staffMemberWire }),
});
