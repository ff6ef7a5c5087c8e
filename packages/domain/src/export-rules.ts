// Who may export which list (issue 29 part 5). A list export is every row of a filtered list, with
// names, e-mails and phone numbers: a bulk disclosure of personal data, unlike reading one page.
// Managers and administrators may export the customer-facing lists; the outbox (every message sent
// to every customer) is administrators' only, as its screen is. Staff export nothing.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID } from "./constants";

export const EXPORT_LISTS = ["customers", "jobs", "subscribers", "outbox", "recalls"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** The list's name as staff read it, in messages and file names. */
export const EXPORT_LIST_LABELS: Record<ExportList, string> = {
  customers: "customers list",
  jobs: "jobs list",
  subscribers: "newsletter subscribers list",
  outbox: "outbox",
  recalls: "recalls list",
};

/** The roles allowed to export each list. */
export const EXPORT_ROLES: Record<ExportList, readonly number[]> = {
  customers: [MANAGER_ROLE_ID, ADMIN_ROLE_ID],
  jobs: [MANAGER_ROLE_ID, ADMIN_ROLE_ID],
  subscribers: [MANAGER_ROLE_ID, ADMIN_ROLE_ID],
  outbox: [ADMIN_ROLE_ID],
  recalls: [MANAGER_ROLE_ID, ADMIN_ROLE_ID],
};

export const mayExport = (roleId: number | null | undefined, list: ExportList): boolean =>
  roleId != null && EXPORT_ROLES[list].includes(roleId);

/** Why this role may not export the list (the 403's message), or null when it may. */
export function exportRefusal(roleId: number | null | undefined, list: ExportList): string | null {
  if (mayExport(roleId, list)) return null;
  const who = EXPORT_ROLES[list].includes(MANAGER_ROLE_ID) ? "managers and administrators" : "administrators";
  return `Only ${who} can export the ${EXPORT_LIST_LABELS[list]}: it holds customers' personal details.`;
}
