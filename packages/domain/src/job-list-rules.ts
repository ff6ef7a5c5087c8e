// Jobs list rules (jobs-area §2, §4, §5, §7, §9): the URL filter keys, custom filters, saved
// searches, the outlet filter, created-age labels and the online-channel date range.

import { INT32_MAX } from "./column-limits";
import {
  ADMIN_ROLE_ID,
  DEFAULT_OUTLET_NAME,
  EXCLUDED_OUTLET_NAME,
  isSearchTooShort,
  REFUNDED_QUANTITY,
  SEARCH_TOO_SHORT,
} from "./constants";
import { zoneDayBounds } from "./dates";
import { messages } from "./messages";
import { isWorkshopFilter, WORKSHOP_FILTER_LABELS } from "./workshop-filters";
import { zoneDay } from "./zone-day";

export const JOBS_SEARCH_PLACEHOLDER = "Search by name, phone, e-mail, or invoice number";

/** The address-query keys of the jobs list (spec §4), plus the Beta Jobs search type. */
export const JOB_QUERY_KEYS = [
  "region_id",
  "outlet_id",
  "dispense_status_id",
  "item_dispense_status_id",
  "created_start_at",
  "created_end_at",
  "priority",
  "q",
  "search_type",
  "page",
  "sort_by",
  "sort_direction",
  "customFilter",
  // Issue 44: "owing" lists the jobs with a balance due.
  "balance",
  "customer_id",
  // Issue 27: the jobs made at one outlet (the outlet's day screen opens the list with it).
  "origin_outlet_id",
  "r",
] as const;
export type JobQueryKey = (typeof JOB_QUERY_KEYS)[number];

/** The keys the Filters panel owns: Clear filters empties exactly these. */
export const JOB_PANEL_FILTER_KEYS = [
  "outlet_id",
  "dispense_status_id",
  "item_dispense_status_id",
  "created_start_at",
  "created_end_at",
  "priority",
  "balance",
] as const;

export const JOB_SEARCH_TYPES = [
  { value: "all", label: "All" },
  { value: "job_id", label: "Job ID" },
  { value: "order_item_id", label: "Order Item ID" },
] as const;

export const SEARCH_NOT_A_NUMBER = "The search must be a number for this search type.";
export const isIdSearchType = (searchType: string | null | undefined) =>
  searchType === "job_id" || searchType === "order_item_id";

/**
 * What is wrong with a jobs search, or null. Free text needs at least 3 characters (spec §5); a
 * Job ID or Order Item ID search is a whole number of any length ("7" is a job).
 */
export function jobSearchError(q: string | null | undefined, searchType?: string | null): string | null {
  const text = (q ?? "").trim();
  if (!text) return null;
  if (isIdSearchType(searchType))
    // Bounded to what an integer column holds: a longer number is no id, not a database error.
    return /^[0-9]+$/.test(text) && Number(text) > 0 && Number(text) <= INT32_MAX
      ? null
      : SEARCH_NOT_A_NUMBER;
  return isSearchTooShort(text) ? SEARCH_TOO_SHORT : null;
}

/**
 * The query the jobs list opens on when the address has none and none is remembered (issue 52):
 * a staff member or manager works in their home region (ADR 0022), so their list starts there
 * rather than on All Countries; an administrator's spans every region. Null: no region chosen.
 */
export function jobsOpeningQuery(user: {
  role_id: number;
  home_region_id: number | null;
  region_id: number | null;
}): { region_id: string } | null {
  if (user.role_id === ADMIN_ROLE_ID) return null;
  const home = user.home_region_id ?? user.region_id;
  return home ? { region_id: String(home) } : null;
}

/** Choosing a status tab (or clearing one) starts at page 1, newest first (spec §4). */
export const JOBS_DEFAULT_SORT = { page: "1", sort_by: "created_at", sort_direction: "desc" } as const;

export class NotImplementedError extends Error {
  constructor(what: string) {
    super(`${what} is not implemented.`);
    this.name = "NotImplementedError";
  }
}

/** Late Orders (spec §4): an unfinished job created more than this many days ago. */
export const LATE_AFTER_DAYS = 14;
/** What the Late Orders tab holds, in a dispenser's words (its tooltip beside the workshop tabs). */
export const LATE_ORDERS_HINT = `Not finished ${LATE_AFTER_DAYS} days after the job was made`;

/**
 * The two custom filters (spec §4): `{brand}go` (Go Orders, newest first) and `late-orders`
 * (Late Orders, oldest first). Any other name is a not-implemented error.
 */
export function customFilterDefinition(name: string, brandSlug: string) {
  if (name === `${brandSlug}go`) return { label: "Go Orders", sort_by: "created_at", sort_direction: "desc" };
  if (name === "late-orders") return { label: "Late Orders", sort_by: "created_at", sort_direction: "asc" };
  // Issue 27's workshop tabs: the most pressing promise first.
  if (isWorkshopFilter(name))
    return { label: WORKSHOP_FILTER_LABELS[name], sort_by: "due_date", sort_direction: "asc" };
  throw new NotImplementedError(`The custom filter "${name}"`);
}

// ---- Saved searches (spec §2, §5, §8) ----

export const NO_FILTER_TO_SAVE = "There is no filter to save!";
export const FILTER_SAVED = "Filter Saved!";
export const SAVED_SEARCHES_EMPTY = "Empty";
export const removeFilterQuestion = (name: string) => `Are you sure to remove filter '${name}'?`;

// Paging, sorting and the refresh value are not filters: a query made only of them saves nothing.
const NOT_SAVED_KEYS = new Set(["page", "per_page", "sort_by", "sort_direction", "r"]);

/** What a saved search keeps of the current query; empty means "There is no filter to save!". */
export function savedSearchQuery(query: Record<string, string | null | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(query))
    if (!NOT_SAVED_KEYS.has(k) && v != null && v.trim() !== "") kept[k] = v;
  return kept;
}

export const isSavedSearchNameValid = (name: string | null | undefined) => (name ?? "").trim() !== "";

export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_NAME_TOO_LONG = messages.maxLength("Filter Name", SAVED_SEARCH_NAME_MAX);
export const savedSearchNameTaken = (name: string) =>
  `You already have a saved search named '${name.trim()}'. Choose another name.`;
/** Two names are the same saved search when they differ only in case or surrounding spaces. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What is wrong with a new saved search's name, given the user's saved names; null when fine. */
export function savedSearchNameError(name: string, existing: readonly string[]): string | null {
  if (!isSavedSearchNameValid(name)) return null;
  if (name.trim().length > SAVED_SEARCH_NAME_MAX) return SAVED_SEARCH_NAME_TOO_LONG;
  return existing.some((e) => sameName(e, name)) ? savedSearchNameTaken(name) : null;
}

// ---- Outlet filter (spec §5 "Outlet filter", §6) ----

/**
 * The two named exceptions listed even when inactive: Brunswick, which the location selector
 * never offers, and Newtown, the default outlet. Jobs are still filed under both.
 */
export const OUTLET_FILTER_EXCEPTIONS = [EXCLUDED_OUTLET_NAME, DEFAULT_OUTLET_NAME] as const;

/** Active outlets plus the exceptions, sorted by name, narrowed to the chosen country when one is. */
export function jobOutletFilterOutlets<T extends { name: string; is_active: boolean; region_id: number }>(
  outlets: readonly T[],
  regionId?: number | null,
): T[] {
  return outlets
    .filter((o) => o.is_active || (OUTLET_FILTER_EXCEPTIONS as readonly string[]).includes(o.name))
    .filter((o) => !regionId || o.region_id === regionId)
    .sort((a, b) => a.name.localeCompare(b.name));
}

// ---- Display ----

/** A guest order shows the billing name plus "(Guest)" (spec §3). */
export function jobCustomerName(order: {
  customer_id: number | null;
  customer: { first_name: string; last_name: string } | null;
  order_billing: { customer_first_name: string; customer_last_name: string };
}): string {
  if (order.customer_id && order.customer)
    return `${order.customer.first_name} ${order.customer.last_name}`.trim();
  const billing =
    `${order.order_billing.customer_first_name} ${order.order_billing.customer_last_name}`.trim();
  return `${billing} (Guest)`.trim();
}

export const isRefundedItem = (item: { quantity: number }) => item.quantity === REFUNDED_QUANTITY;

/** Priority toggles 1 ⇄ 2 (spec §4). */
export const togglePriority = (priority: number): 1 | 2 => (priority === 2 ? 1 : 2);

/** Whole calendar days between two instants, counted on the zone's calendar. */
function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  return Math.round((zoneDay(to, timeZone) - zoneDay(from, timeZone)) / 86_400_000);
}

/**
 * How old a job is (spec §2): Today, Yesterday, then days, weeks, months and years ago, on the
 * calendar of the given zone.
 */
export function createdAgeLabel(
  createdAt: string | Date,
  now: Date = new Date(),
  timeZone = "Australia/Sydney",
): string {
  const days = Math.max(0, calendarDaysBetween(new Date(createdAt), now, timeZone));
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return ago(days, "day");
  if (days < 30) return ago(Math.floor(days / 7), "week");
  if (days < 365) return ago(Math.floor(days / 30), "month");
  return ago(Math.floor(days / 365), "year");
}

/**
 * The online-channel list sends a date range as the start of the first day and the end of the
 * last day, as UTC timestamps (spec §7); the days are the staff member's calendar days.
 */
export function dayRangeInUtc(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  timeZone = "Australia/Sydney",
): { created_start_at?: string; created_end_at?: string } {
  const day = (v: string) => zoneDayBounds(v.slice(0, 10), timeZone);
  const out: { created_start_at?: string; created_end_at?: string } = {};
  if (startDate) out.created_start_at = day(startDate).from.toISOString();
  // The last millisecond of the day, as dayjs's endOf("day") wrote it.
  if (endDate) out.created_end_at = new Date(day(endDate).to.getTime() - 1).toISOString();
  return out;
}

/** The instants a day filter keeps for a group of outlets sharing one clock: `from` inclusive, `to` exclusive. */
export interface OutletDayWindow {
  outletIds: number[];
  from: Date | null;
  to: Date | null;
}

/**
 * The jobs list's Created filter in each outlet's own days (issue 52): the list shows a job's
 * Created time on its outlet's clock, so "22 Oct" keeps a Perth job made at 10pm Perth time on the
 * 22nd whoever asks from Sydney. Outlets whose days start and end at the same instants share one
 * window (every zone of eastern Australia, most days), so a query names a handful, not one per outlet.
 */
export function outletDayWindows(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  outlets: readonly { id: number; timeZone: string }[],
): OutletDayWindow[] {
  const groups = new Map<string, OutletDayWindow>();
  for (const o of outlets) {
    const from = startDate ? zoneDayBounds(startDate.slice(0, 10), o.timeZone).from : null;
    const to = endDate ? zoneDayBounds(endDate.slice(0, 10), o.timeZone).to : null;
    const key = `${from?.getTime() ?? ""}/${to?.getTime() ?? ""}`;
    const group = groups.get(key);
    if (group) group.outletIds.push(o.id);
    else groups.set(key, { outletIds: [o.id], from, to });
  }
  // The most outlets first: the caller may write that window as "every other outlet".
  return [...groups.values()].sort((a, b) => b.outletIds.length - a.outletIds.length);
}
