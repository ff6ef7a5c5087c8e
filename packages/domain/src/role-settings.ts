// Which role may take the job actions a chain restricts (ADR 0022). The settings are one versioned
// record an administrator edits on the Settings screen; these are its defaults and its shape.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { VERSION_REQUIRED } from "./version-rules";

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

// ---------------------------------------------------------------------------------------------
// Validation of an administrator's edit, and the words of the roles' refusals (ADR 0022)

/** An approval a manager gave lasts this long: the refund is expected right after it, at the counter. */
export const APPROVAL_TTL_MINUTES = 10;

/**
 * What a manager approves on a staff member's screen: a refund or void above the limit, or (issue
 * 44) handing over a job that still has a balance due ("collect").
 */
export const APPROVAL_ACTIONS = ["refund", "void", "collect"] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The approved thing in a sentence: "an earlier refund", "this collection with a balance due". */
export const APPROVAL_WORDS: Record<ApprovalAction, string> = {
  refund: "refund",
  void: "void",
  collect: "collection with a balance due",
};

/** The refusal of a role id that is not one of the three. */
export const ROLE_ID_INVALID =
  "The role_id field is invalid: it must be 1 (administrator), 2 (staff) or 3 (manager).";

export const ROLE_MESSAGES = {
  settingsAdminOnly: "Only administrators can change the role settings.",
  settingsSaved: "Role settings saved successfully",
  versionRequired: VERSION_REQUIRED,
  settingsConflict: "Someone else changed these settings; reload to see their changes.",
  staffAdminOnly: "Staff management is for administrators.",
  staffSaved: "Staff member saved successfully",
  staffInvited: "Staff member added; an invitation e-mail is on its way.",
  staffDisabled: "Staff member disabled; their sessions have ended.",
  staffEnabled: "Staff member enabled.",
  emailTaken: "Another staff member already has this e-mail.",
  cannotDisableSelf: "You cannot disable your own account.",
  cannotDemoteSelf: "You cannot take the administrator role from yourself.",
  homeOutletRequired: "The home outlet field is required.",
  outletOutsideHomeRegion: "You can only choose outlets of your home region.",
  regionOutsideHomeRegion: "You can only choose your home region.",
  notApprover: "Only a manager or an administrator can approve this.",
  approverNotAllowed: (action: RoleGuardedAction) =>
    `The role settings do not let this manager's role ${action === "void" ? "void" : "refund"} a job.`,
  approverOtherRegion: "This manager works in another region; a manager of the job's region must approve.",
  approvalSelf: "Someone other than the staff member asking must approve.",
  approved: (action: ApprovalAction) =>
    action === "collect" ? "Collection approved." : `${action === "void" ? "Void" : "Refund"} approved.`,
} as const;

/** The rulebook's refusal when a refund or void is above the region's limit and nobody approved it. */
export const approvalRequiredMessage = (amount: string, what: "refund" | "void" = "refund") =>
  `A manager must approve a ${what} above ${amount}.`;

/** The timeline's value of an approval: "Jane Manager (requested by Sam Staff)". */
export const approvalEventValue = (approver: string, requester: string) =>
  `${approver} (requested by ${requester})`;

/**
 * Whether a refund or void of `amountMinor` in this region needs a manager's approval before this
 * role may send it (managers and administrators approve their own).
 */
export const needsApproval = (s: RoleSettings, regionId: number, roleId: number, amountMinor: number) => {
  if (mayApprove(roleId)) return false;
  const limit = approvalLimitMinor(s, regionId);
  return limit !== null && amountMinor > limit;
};
