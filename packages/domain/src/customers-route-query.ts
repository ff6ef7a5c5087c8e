import { isCalendarDate } from "./calendar-date";
import { containsNul, isRowIdText } from "./column-limits";
import { isSearchTooShort } from "./constants";

// The customers screen's address query (customers-area §2: q, dob, region_id, page, sort_by,
// sort_direction, r; and customer_id to open one record). Written without zod: the screen is the
// first one after sign-in (issue 16: ≤ 200 KB); customers-route-query.test.ts in the contract holds these
// rules to the list endpoint's schema, value by value.

/** The columns the customers list sorts by. */
export const CUSTOMER_SORT_FIELDS = ["updated_at", "created_at", "first_name", "last_name", "dob"] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

/** The longest search the list endpoint takes. */
export const CUSTOMER_SEARCH_MAX = 200;

const RULES: Record<string, (v: string) => boolean> = {
  q: (v) => v.length <= CUSTOMER_SEARCH_MAX && !containsNul(v) && !isSearchTooShort(v),
  dob: isCalendarDate,
  region_id: isRowIdText,
  page: isRowIdText,
  sort_by: (v) => (CUSTOMER_SORT_FIELDS as readonly string[]).includes(v),
  sort_direction: (v) => v === "asc" || v === "desc",
  customer_id: isRowIdText,
  r: (v) => v.length <= 20 && !containsNul(v),
};
/** The keys the customers screen keeps in its address, in the order it writes them. */
export const CUSTOMER_QUERY_KEYS = Object.keys(RULES);

/**
 * The customers route query as the address bar should hold it: the spec's keys only, each value
 * one the list endpoint accepts. A bad or unknown value is dropped, so it falls back to its
 * default ("page=abc" is page 1) instead of breaking the list.
 */
export function cleanCustomersRouteQuery(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of CUSTOMER_QUERY_KEYS) {
    const value = params.getAll(key).findLast((v) => v.trim() !== "");
    if (value !== undefined && RULES[key](value)) out.set(key, value);
  }
  return out;
}
