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
