// Who may export which list (issue 29 part 5). A list export is every row of a filtered list, with
// names, e-mails and phone numbers: a bulk disclosure of personal data, unlike reading one page.
// Managers and administrators may export the customer-facing lists; the outbox (every message sent
// to every customer) is administrators' only, as its screen is. Staff export nothing.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, navRegionId } from "./constants";

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

/** The lists whose export a manager may take of their own region only (issue 52, ADR 0049). */
export const REGION_LIMITED_EXPORTS: readonly ExportList[] = ["customers", "jobs"];

export const EXPORT_REGION_MESSAGES = {
  otherRegion: "Managers can export their own region's customers and jobs only.",
  noHomeRegion: "Your account has no home region: an administrator must set it before you can export.",
} as const;

/**
 * Which region an export of customers or jobs holds (issue 52, ADR 0049): an administrator's, the
 * region asked for (every region when none); a manager's, their home region only, whether they ask
 * for it or not. Asking for another region is refused, not quietly narrowed: the file would not be
 * what its name and filters say.
 */
export function exportRegion(
  actor: { roleId: number | null | undefined; homeRegionId: number | null | undefined },
  list: ExportList,
  asked: number | undefined,
): { regionId: number | undefined } | { refusal: string } {
  if (actor.roleId === ADMIN_ROLE_ID || !REGION_LIMITED_EXPORTS.includes(list)) return { regionId: asked };
  if (actor.homeRegionId == null) return { refusal: EXPORT_REGION_MESSAGES.noHomeRegion };
  const home = navRegionId(actor.homeRegionId);
  if (asked !== undefined && navRegionId(asked) !== home)
    return { refusal: EXPORT_REGION_MESSAGES.otherRegion };
  return { regionId: asked ?? home };
}
