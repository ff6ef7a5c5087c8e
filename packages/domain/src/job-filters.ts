// Jobs list filters (jobs-area §4, §9).
import type { TotalKind } from "./pagination-info";

/**
 * 12345 → "12.3k", 1234567 → "1.2m": tab counts stay short. A count that stopped at its cap (ADR
 * 0016) says so: 1000 at least → "1k+".
 */
export function abbreviateCount(n: number, kind: TotalKind = "exact"): string {
  const more = kind === "at_least" ? "+" : "";
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}m${more}`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, "")}k${more}`;
  return `${n}${more}`;
}

/**
 * Location, order status, item status, a start date and priority 2 count one each (spec §4), and
 * Balance owing (issue 44).
 */
export function activeFilterCount(q: {
  outlet_id?: unknown;
  dispense_status_id?: unknown;
  item_dispense_status_id?: unknown;
  created_start_at?: unknown;
  priority?: unknown;
  balance?: unknown;
}): number {
  const filled = (v: unknown) =>
    v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);
  return (
    [q.outlet_id, q.dispense_status_id, q.item_dispense_status_id, q.created_start_at].filter(filled).length +
    (String(q.priority) === "2" ? 1 : 0) +
    (q.balance === "owing" ? 1 : 0)
  );
}
