import { isDateOrInstant } from "./calendar-date";
import { INT32_MAX, isIntText, isRowIdText } from "./column-limits";
import { JOB_QUERY_KEYS, type JobQueryKey, jobSearchError } from "./job-list-rules";

// The jobs screen's address query (spec §4), checked without zod: /jobs opened cold loads no
// schema (issue 31: ≤ 200 KB gzip). The list endpoint's `jobsQuery` in the contract stays the
// server's truth; jobs-route-query.test.ts in the contract holds these rules to it, value by value.

/** The outlets, one or several ids, comma-joined ("3,4"); empty pieces are skipped as the list does. */
const isIdListText = (v: string) =>
  v
    .split(",")
    .filter((s) => s !== "")
    .every(isRowIdText);
const oneOf =
  (...values: string[]) =>
  (v: string) =>
    values.includes(v);

const RULES: Record<JobQueryKey, (v: string) => boolean> = {
  region_id: isRowIdText,
  outlet_id: isIdListText,
  dispense_status_id: isRowIdText,
  item_dispense_status_id: isRowIdText,
  created_start_at: isDateOrInstant,
  created_end_at: isDateOrInstant,
  priority: (v) => isIntText(v, 1, 2),
  q: (v) => v.length <= 200,
  search_type: oneOf("all", "job_id", "order_item_id"),
  page: (v) => isIntText(v, 1, INT32_MAX),
  sort_by: oneOf("created_at", "due_date", "balance_due"),
  sort_direction: oneOf("asc", "desc"),
  customFilter: (v) => v.length <= 50,
  balance: oneOf("owing"),
  customer_id: isRowIdText,
  origin_outlet_id: isRowIdText,
  r: () => true,
};
/** The rule of one key of the jobs route query (the contract's test compares each with the schema). */
export const jobsRouteValueOk = (key: JobQueryKey, value: string) => RULES[key](value);

/**
 * The jobs route query as the address bar should hold it: the spec's keys only, each value the
 * list endpoint would accept, a search that passes the search rule. A bad or unknown value is
 * dropped, so it falls back to its default instead of breaking the list.
 */
export function cleanJobsRouteQuery(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of JOB_QUERY_KEYS) {
    const values = params.getAll(key).filter((v) => v.trim() !== "");
    if (!values.length) continue;
    const value = key === "outlet_id" ? values.join(",") : values[values.length - 1];
    if (RULES[key](value)) out.set(key, value);
  }
  if (jobSearchError(out.get("q"), out.get("search_type"))) out.delete("q");
  return out;
}
