// Issue 27's workshop tabs (a file of its own without dayjs: the jobs list rules import it, and the
// first screen's bundle has no room to spare).

/** The workshop tabs beside the spec's, in the order the list shows them. */
export const WORKSHOP_FILTERS = ["late", "at-risk", "ready", "uncollected", "due-today"] as const;
export type WorkshopFilter = (typeof WORKSHOP_FILTERS)[number];
/**
 * Their names. "Past promised date", not "Late": beside the spec's "Late Orders" (made more than
 * 14 days ago) two tabs called late counted different jobs (issue 52).
 */
export const WORKSHOP_FILTER_LABELS: Record<WorkshopFilter, string> = {
  late: "Past promised date",
  "at-risk": "At risk",
  ready: "Ready",
  uncollected: "Uncollected",
  "due-today": "Promised today",
};
/** What each tab holds, in a dispenser's words: the tab's tooltip and the outlet's day's cards. */
export const WORKSHOP_FILTER_HINTS: Record<WorkshopFilter, string> = {
  late: "The promised date has passed and the job is not ready",
  "at-risk": "A lens ETA is later than the promise",
  ready: "Ready to collect",
  uncollected: "Ready, waiting longer than the outlet's limit",
  "due-today": "Promised for today, not finished",
};

export const isWorkshopFilter = (v: unknown): v is WorkshopFilter =>
  typeof v === "string" && (WORKSHOP_FILTERS as readonly string[]).includes(v);
