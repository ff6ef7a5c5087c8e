import type { WorkshopFilter } from "@loupe/domain";

/**
 * The jobs list's address for one of the outlet's numbers (DESIGN rule 7: list state in the URL):
 * the jobs made at the outlet, narrowed to a workshop tab or a status, most pressing promise first.
 */
export function outletJobsPath(
  outletId: number,
  narrow: { filter: WorkshopFilter } | { statusId: number },
): string {
  const q = new URLSearchParams({ origin_outlet_id: String(outletId) });
  if ("filter" in narrow) {
    q.set("customFilter", narrow.filter);
    q.set("sort_by", "due_date");
    q.set("sort_direction", "asc");
  } else {
    q.set("dispense_status_id", String(narrow.statusId));
    q.set("sort_by", "created_at");
    q.set("sort_direction", "desc");
  }
  q.set("page", "1");
  return `/jobs?${q}`;
}
