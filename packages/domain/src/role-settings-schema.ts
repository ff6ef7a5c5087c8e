// The shape of an administrator's edit of the role settings (ADR 0022), apart from the rules the
// screens ask on first paint (role-settings.ts): zod stays out of the screens that only decide.

import { z } from "zod";
import { ADMIN_ROLE_ID, ROLE_IDS } from "./constants";
import { ROLE_GUARDED_ACTIONS, type RoleGuardedAction } from "./role-settings";

const roleList = z
  .array(
    z
      .number()
      .int()
      .refine((v) => ROLE_IDS.includes(v), "Each role must be 1 (administrator), 2 (staff) or 3 (manager)."),
  )
  .max(ROLE_IDS.length)
  .refine((list) => new Set(list).size === list.length, "A role is listed twice.")
  // An administrator is always allowed: storing it keeps the record saying what is true.
  .transform((list) => [...new Set([ADMIN_ROLE_ID, ...list])].sort((a, b) => a - b));

/** The largest approval limit accepted: 10,000,000.00 in any currency (an integer column holds it). */
export const MAX_APPROVAL_ABOVE_MINOR = 1_000_000_000;

export const roleSettingsSchema = z.strictObject({
  roles: z.strictObject(
    Object.fromEntries(ROLE_GUARDED_ACTIONS.map((a) => [a, roleList])) as Record<
      RoleGuardedAction,
      typeof roleList
    >,
  ),
  approvalAboveMinor: z.record(
    z.string().regex(/^[1-9][0-9]{0,8}$/, "The region must be a region id."),
    z
      .number()
      .int("The limit must be a whole number of cents.")
      .min(0, "The limit cannot be negative.")
      .max(MAX_APPROVAL_ABOVE_MINOR, "The limit is too large.")
      .nullable(),
  ),
});
