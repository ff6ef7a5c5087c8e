import type { RecallRow } from "@loupe/contract";
import { ADMIN_ROLE_ID, dayInZone } from "@loupe/domain";
import type { Database } from "../../platform/db/client";
import { referenceData } from "../reference";
import { type RecallsQuery, recallBatches, recallsWhere, visibleOutletIds } from "./recalls-list";

export type RecallExportRow = RecallRow;

/**
 * The recalls list's every row for the CSV export (the exports module streams and logs it): the
 * screen's filter and region scope, a batch at a time in the screen's order.
 */
export async function recallsExportReader(
  database: Database,
  staff: { roleId: number | null; regionId: number | null },
  zone: string,
  query: RecallsQuery,
) {
  const ids = visibleOutletIds(await referenceData(database.db), staff, ADMIN_ROLE_ID);
  const where = recallsWhere(query, dayInZone(new Date(), zone), ids);
  return (size = 500) => recallBatches(database.db, where, size);
}
