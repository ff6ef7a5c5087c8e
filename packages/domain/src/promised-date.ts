import { isCalendarDate } from "./calendar-date";
import { zoneDayBounds } from "./dates";
import { remembered } from "./remembered";
import { zoneDay } from "./zone-day";

// Issue 27: the date a job is promised to the customer, and the workshop's day read against it
// (late, at risk, uncollected). Every date here is a calendar day on the outlet's clock: a Perth
// job made at 7 am Perth time on Monday counts from Monday, even though it is still Sunday in UTC.

/** What a job is, for its turnaround: the slowest of its items decides. */
export const PROMISE_PRODUCT_KINDS = ["single_vision", "multifocal", "contact_lenses", "frame_only"] as const;
export type PromiseProductKind = (typeof PROMISE_PRODUCT_KINDS)[number];

export const PROMISE_PRODUCT_KIND_LABELS: Record<PromiseProductKind, string> = {
  single_vision: "Single vision",
  multifocal: "Multifocal",
  contact_lenses: "Contact lenses",
  frame_only: "Frame only",
};

/** An outlet's workshop settings: turnaround in working days per kind, its working week, the shelf limit. */
export interface WorkshopSettings {
  turnaroundDays: Record<PromiseProductKind, number>;
  /** ISO weekdays the workshop works: 1 Monday … 7 Sunday. */
  workingDays: number[];
  /** A ready job waiting longer than this many days is "uncollected". */
  uncollectedAfterDays: number;
}

/** Until an outlet sets its own: a Monday-to-Saturday workshop. */
export const DEFAULT_WORKSHOP_SETTINGS: WorkshopSettings = {
  turnaroundDays: { single_vision: 5, multifocal: 10, contact_lenses: 3, frame_only: 2 },
  workingDays: [1, 2, 3, 4, 5, 6],
  uncollectedAfterDays: 7,
};

/** An item's kind from its product: multifocal lenses, other lenses, contact lenses, or a frame alone. */
export function promiseKindOf(product: {
  parentTypeKey: string;
  productTypeKey?: string | null;
  lensesType: string | null;
}): PromiseProductKind {
  if (product.parentTypeKey === "contact-lenses" || product.productTypeKey === "contact-lenses")
    return "contact_lenses";
  const lenses = product.lensesType?.toLowerCase() ?? "";
  if (/multifocal|progressive|bifocal/.test(lenses)) return "multifocal";
  if (lenses) return "single_vision";
  return "frame_only";
}

/** The job's turnaround: its slowest item's; a job with no items counts as a frame alone. */
export function turnaroundFor(kinds: readonly PromiseProductKind[], settings: WorkshopSettings): number {
  const days = (kinds.length ? kinds : (["frame_only"] as const)).map((k) => settings.turnaroundDays[k]);
  return Math.max(...days);
}

const DAY = 86_400_000;
/** YYYY-MM-DD of a UTC midnight; spelled once per day (the tab counts ask it per outlet and filter). */
const isoDay = remembered((ms: number) => new Date(ms).toISOString().slice(0, 10), { limit: 4096 });
/** ISO weekday (1 Monday … 7 Sunday) of a UTC-midnight day. */
const weekday = (ms: number) => new Date(ms).getUTCDay() || 7;

/** The outlet's calendar day of an instant (YYYY-MM-DD). */
export const dayInZone = (at: Date, timeZone: string): string => isoDay(zoneDay(at, timeZone));

/**
 * The instant the outlet's day begins (its midnight; on a daylight-saving day, whatever its clock
 * says). Remembered per zone and day (`zoneDayBounds`): the workshop's tab counts ask it for every
 * outlet on every call, and dayjs's zone arithmetic was a third of that endpoint's CPU.
 */
export const startOfDayInZone = (day: string, timeZone: string): Date => zoneDayBounds(day, timeZone).from;

/** Days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number): string => isoDay(Date.parse(day) + n * DAY);

/**
 * `turnaroundDays` working days after the job's day on the outlet's clock: the days the workshop
 * works, less public holidays. The job's own day does not count (a job made on Friday with a
 * one-day turnaround is due on the next working day), and a promise always falls on a working day.
 */
export function promisedDate(input: {
  createdAt: Date;
  timeZone: string;
  turnaroundDays: number;
  workingDays: readonly number[];
  holidays?: Iterable<string>;
}): string {
  const holidays = new Set(input.holidays ?? []);
  const working = new Set(input.workingDays.length ? input.workingDays : [1, 2, 3, 4, 5, 6, 7]);
  const isWorking = (ms: number) => working.has(weekday(ms)) && !holidays.has(isoDay(ms));
  let day = zoneDay(input.createdAt, input.timeZone);
  let left = Math.max(0, Math.floor(input.turnaroundDays));
  // A zero turnaround still promises a working day: today if it is one, else the next.
  if (left === 0) {
    for (let guard = 0; !isWorking(day) && guard < 3660; guard++) day += DAY;
    return isoDay(day);
  }
  // A year of holidays cannot hold the loop: ten years of days is the most it walks.
  for (let guard = 0; left > 0 && guard < 3660; guard++) {
    day += DAY;
    if (isWorking(day)) left--;
  }
  return isoDay(day);
}

/** Statuses a job has left the workshop in: never late, never uncollected. */
export const FINISHED_JOB_STATUS_SLUGS: readonly string[] = [
  "completed",
  "collected-by-customer",
  "dispatched",
  "cancelled",
  "refunded",
  "refunded-transaction",
  "voided",
];

/** Where a job stands against its promise, on the outlet's clock at `now`. */
export interface JobPromiseFacts {
  dueDate: string | null;
  statusSlug: string;
  /** When the job reached its current status (the ready time, when that status is a ready one). */
  statusSince: Date;
  atRiskReason: string | null;
  timeZone: string;
  readySlugs: readonly string[];
  uncollectedAfterDays: number;
}

const isOpen = (f: JobPromiseFacts) => !FINISHED_JOB_STATUS_SLUGS.includes(f.statusSlug);
const isReady = (f: JobPromiseFacts) => f.readySlugs.includes(f.statusSlug);

/** Late: the promised day has passed on the outlet's clock and the job is neither ready nor finished. */
export const isJobLate = (f: JobPromiseFacts, now: Date): boolean =>
  !!f.dueDate && isOpen(f) && !isReady(f) && f.dueDate < dayInZone(now, f.timeZone);

/** At risk: a lens order's ETA is later than the promise, and the job is still being made. */
export const isJobAtRisk = (f: JobPromiseFacts): boolean => !!f.atRiskReason && isOpen(f) && !isReady(f);

/** Uncollected: ready for more than the outlet's limit, counted in the outlet's calendar days. */
export const isJobUncollected = (f: JobPromiseFacts, now: Date): boolean =>
  isReady(f) &&
  daysBetween(dayInZone(f.statusSince, f.timeZone), dayInZone(now, f.timeZone)) > f.uncollectedAfterDays;

/**
 * The instant before which a job that became ready is uncollected today: the start of the outlet's
 * day `uncollectedAfterDays` days ago. Ready at any time on that day or later is not yet uncollected.
 */
export const uncollectedBefore = (now: Date, timeZone: string, afterDays: number): Date =>
  startOfDayInZone(addDays(dayInZone(now, timeZone), -afterDays), timeZone);

/** The lab's ETA is later than the promise: why the job is at risk, in staff words. */
export function atRiskReasonFor(eta: string | null | undefined, dueDate: string | null): string | null {
  if (!eta || !dueDate || !isCalendarDate(eta) || eta <= dueDate) return null;
  const later = daysBetween(dueDate, eta);
  return `Lens order ETA ${eta} is ${later} day${later === 1 ? "" : "s"} after the promised date ${dueDate}`;
}

export const PROMISED_DATE_REASON_MAX = 200;
/** The promised-date form's messages: one place, used by the form and the server. */
export const PROMISED_DATE_MESSAGES = {
  dateRequired: "The promised date field is required.",
  dateInvalid: "The promised date must be a date (YYYY-MM-DD).",
  beforeOrder: "The promised date cannot be before the day the job was made.",
  reasonRequired: "Say why the promised date changes.",
  reasonTooLong: `The reason may not be longer than ${PROMISED_DATE_REASON_MAX} characters.`,
  unchanged: "The promised date is already that day.",
} as const;

/** The promised-date edit's problems by field, or null: the form shows them, the server refuses with them. */
export function promisedDateEditErrors(input: {
  dueDate: string;
  reason: string;
  orderDay: string;
  currentDueDate: string | null;
}): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const due = input.dueDate.trim();
  if (!due) errors.due_date = [PROMISED_DATE_MESSAGES.dateRequired];
  else if (!isCalendarDate(due)) errors.due_date = [PROMISED_DATE_MESSAGES.dateInvalid];
  else if (due < input.orderDay) errors.due_date = [PROMISED_DATE_MESSAGES.beforeOrder];
  else if (due === input.currentDueDate) errors.due_date = [PROMISED_DATE_MESSAGES.unchanged];
  const reason = input.reason.trim();
  if (!reason) errors.reason = [PROMISED_DATE_MESSAGES.reasonRequired];
  else if (reason.length > PROMISED_DATE_REASON_MAX) errors.reason = [PROMISED_DATE_MESSAGES.reasonTooLong];
  return Object.keys(errors).length ? errors : null;
}

export const WORKSHOP_SETTINGS_ADMIN_ONLY = "Only administrators can change an outlet's workshop settings.";
