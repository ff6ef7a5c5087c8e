// Which role may take the job actions a chain restricts (ADR 0022). The settings are one versioned
// record an administrator edits on the Settings screen; these are its defaults and its shape.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";

/** The job actions whose roles are a setting; every other action's roles are fixed by the rulebook. */
export const ROLE_GUARDED_ACTIONS = ["refund", "void", "cancel_shipment", "change_customer"] as const;
export type RoleGuardedAction = (typeof ROLE_GUARDED_ACTIONS)[number];

export const ROLE_GUARDED_ACTION_LABELS: Record<RoleGuardedAction, string> = {
  refund: "Refund",
  void: "Void",
  cancel_shipment: "Cancel a shipment",
  change_customer: "Change a job's customer",
};

export interface RoleSettings {
  /** The roles allowed each guarded action. An administrator is always allowed. */
  roles: Record<RoleGuardedAction, number[]>;
  /**
   * Per region id: refunds and voids above this many minor units of the region's currency need a
   * manager or administrator (a staff member starts it, one of them approves it). Null: no limit.
   */
  approvalAboveMinor: Record<string, number | null>;
}

export const DEFAULT_ROLE_SETTINGS: RoleSettings = {
  roles: {
    refund: [STAFF_ROLE_ID, MANAGER_ROLE_ID, ADMIN_ROLE_ID],
    void: [STAFF_ROLE_ID, MANAGER_ROLE_ID, ADMIN_ROLE_ID],
    cancel_shipment: [MANAGER_ROLE_ID, ADMIN_ROLE_ID],
    change_customer: [STAFF_ROLE_ID, MANAGER_ROLE_ID, ADMIN_ROLE_ID],
  },
  // $500 in each region's currency (AU 1, NZ 2, CA 5 in the demo's reference data).
  approvalAboveMinor: {},
};

/** Default approval limit for a region with none set: 500.00 in its currency. */
export const DEFAULT_APPROVAL_ABOVE_MINOR = 50_000;

/** The approval limit of a region: its setting, or the default when the region has none. */
export const approvalLimitMinor = (s: RoleSettings, regionId: number): number | null =>
  Object.hasOwn(s.approvalAboveMinor, String(regionId))
    ? s.approvalAboveMinor[String(regionId)]
    : DEFAULT_APPROVAL_ABOVE_MINOR;

/** Managers and administrators may approve a refund or void above the region's limit. */
export const mayApprove = (roleId: number) => roleId === MANAGER_ROLE_ID || roleId === ADMIN_ROLE_ID;

export const roleMay = (s: RoleSettings, action: RoleGuardedAction, roleId: number) =>
  roleId === ADMIN_ROLE_ID || s.roles[action].includes(roleId);
