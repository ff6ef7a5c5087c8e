// Issue 27's workshop tabs (a file of its own without dayjs: the jobs list rules import it, and the
// first screen's bundle has no room to spare).

/** The workshop tabs beside the spec's, in the order the list shows them. */
export const WORKSHOP_FILTERS = ["late", "at-risk", "ready", "uncollected", "due-today"] as const;
export type WorkshopFilter = (typeof WORKSHOP_FILTERS)[number];
export const WORKSHOP_FILTER_LABELS: Record<WorkshopFilter, string> = {
  late: "Late",
  "at-risk": "At risk",
  ready: "Ready",
  uncollected: "Uncollected",
  "due-today": "Promised today",
};
export const isWorkshopFilter = (v: unknown): v is WorkshopFilter =>
  typeof v === "string" && (WORKSHOP_FILTERS as readonly string[]).includes(v);
