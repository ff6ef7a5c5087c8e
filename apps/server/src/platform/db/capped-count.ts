import type { TotalKind } from "@loupe/domain";

/** Totals are exact up to this many rows; past it the pager says "1,000+" (ADR 0016). */
export const EXACT_COUNT_CAP = 1000;
/** How many pages past the current one a capped count still sees, so paging on is never blocked. */
const PAGES_AHEAD = 7;

/** Where a list's count stops: the cap, or further when the page asked for is already past it. */
export const countCap = (page: number, perPage: number) =>
  Math.max(EXACT_COUNT_CAP, (page - 1 + PAGES_AHEAD) * perPage);

/**
 * A count that stops one row past `cap` (`fromWhere` is the list's `FROM … WHERE …`): it reads at
 * most cap + 1 index entries or rows, whatever the table's size.
 */
export const cappedCountSql = (fromWhere: string, cap: number) =>
  `select count(*)::int as n from (select 1 ${fromWhere} limit ${cap + 1}) s`;

/** Exact under the cap, else "at least the cap". */
export const cappedTotal = (counted: number, cap: number): { total: number; totalKind: TotalKind } =>
  counted <= cap ? { total: counted, totalKind: "exact" } : { total: cap, totalKind: "at_least" };
