/**
 * How far a list's total can be trusted (ADR 0016): exact; an estimate of a large table; or a
 * capped count, at least this many.
 */
export const TOTAL_KINDS = ["exact", "estimate", "at_least"] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

const whole = (n: number) => n.toLocaleString("en-AU");
/** "1.2M", "340K": an estimate is told at the precision it has. */
const compact = new Intl.NumberFormat("en-AU", { notation: "compact", maximumFractionDigits: 1 });

/**
 * The pager's info text (spec §9: "Showing 1 to 15 of 300 entries", thousands separated), with an
 * estimate as "about 1.2M" and a capped count as "1,000+".
 */
export function paginationInfo(from: number, to: number, total: number, kind: TotalKind = "exact"): string {
  const of =
    kind === "estimate"
      ? `about ${compact.format(total)}`
      : kind === "at_least"
        ? `${whole(total)}+`
        : whole(total);
  return `Showing ${whole(from)} to ${whole(to)} of ${of} entries`;
}

/**
 * What an empty list says, naming what is narrowing it, so "nothing" is never mistaken for "none
 * exist" (issue 29): "No jobs match “smith” with Location and Created filters on."
 */
export function emptyListText(noun: string, on: { search?: string | null; filters?: string[] } = {}): string {
  const search = on.search?.trim();
  const filters = [...new Set(on.filters ?? [])];
  if (!search && filters.length === 0) return `No ${noun} yet.`;
  const named =
    filters.length === 0
      ? ""
      : ` with ${filters.length === 1 ? filters[0] : `${filters.slice(0, -1).join(", ")} and ${filters.at(-1)}`} filter${filters.length === 1 ? "" : "s"} on`;
  return search ? `No ${noun} match “${search}”${named}.` : `No ${noun}${named}.`;
}

/** The jobs route query's narrowing keys, in the words of the filter panel and tabs. */
const JOB_FILTER_NAMES: Record<string, string> = {
  region_id: "Region",
  outlet_id: "Location",
  dispense_status_id: "Order status",
  item_dispense_status_id: "Item status",
  created_start_at: "Created",
  created_end_at: "Created",
  customFilter: "Tab",
  customer_id: "Customer",
  balance: "Balance owing",
};

/** The filters a jobs route query has on, by name (priority counts only when it asks for urgent jobs). */
export function jobFilterNames(route: Record<string, string | undefined | null>): string[] {
  const names = Object.entries(JOB_FILTER_NAMES)
    .filter(([key]) => route[key])
    .map(([key, name]) => (key === "customFilter" ? String(route[key]).replace(/-/g, " ") : name));
  if (route.priority === "2") names.push("Urgent");
  return names;
}
