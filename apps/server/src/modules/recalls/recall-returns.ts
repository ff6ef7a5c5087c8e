import { RECALL_CHANNEL_LABELS, RECALL_RETURN_DAYS } from "@loupe/domain";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { referenceData } from "../reference";
import { rowsOf, stepReturns } from "./recalls.queries";
import { recallTypes } from "./recalls.tables";

interface ReturnsQuery {
  outlet_id?: number;
  recall_type_id?: number;
  from?: string;
  to?: string;
}

interface Tally {
  key: string;
  label: string;
  steps_sent: number;
  returned: number;
  rate: number | null;
}

/**
 * What recalls brought back (issue 28): each step that reached the customer, and whether they had a
 * new prescription or a job within 90 days after it; by type, by step and by outlet. The rate is
 * returned steps ÷ steps that reached someone (a customer reached twice counts twice).
 */
export async function recallReturnsOf(db: Db, q: ReturnsQuery, outletIds: number[] | null) {
  const conditions: SQL[] = [sql`true`];
  if (q.outlet_id) conditions.push(sql`s.outlet_id = ${q.outlet_id}`);
  if (q.recall_type_id) conditions.push(sql`cr.recall_type_id = ${q.recall_type_id}`);
  if (q.from) conditions.push(sql`s.due_on >= ${q.from}::date`);
  if (q.to) conditions.push(sql`s.due_on <= ${q.to}::date`);
  if (outletIds) conditions.push(sql`s.outlet_id = any(${`{${outletIds.join(",")}}`}::int[])`);
  const rows = rowsOf<{
    recall_type_id: number;
    step_index: number;
    outlet_id: number | null;
    sent: number;
    returned: number;
  }>(await stepReturns(db, sql.join(conditions, sql` and `), RECALL_RETURN_DAYS));
  const typeIds = [...new Set(rows.map((r) => Number(r.recall_type_id)))];
  const [types, reference] = await Promise.all([
    typeIds.length ? db.select().from(recallTypes).where(inArray(recallTypes.id, typeIds)) : [],
    referenceData(db),
  ]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const outletName = new Map(reference.outlets.map((o) => [o.id, o.name]));
  const group = (keyOf: (r: (typeof rows)[number]) => [string, string]) => {
    const out = new Map<string, Tally>();
    for (const r of rows) {
      const [key, label] = keyOf(r);
      const t = out.get(key) ?? { key, label, steps_sent: 0, returned: 0, rate: null };
      t.steps_sent += Number(r.sent);
      t.returned += Number(r.returned);
      out.set(key, t);
    }
    return [...out.values()].map((t) => ({ ...t, rate: t.steps_sent ? t.returned / t.steps_sent : null }));
  };
  return {
    by_type: group((r) => [
      `type:${r.recall_type_id}`,
      typeById.get(Number(r.recall_type_id))?.name ?? "Recall",
    ]),
    by_step: group((r) => {
      const type = typeById.get(Number(r.recall_type_id));
      const step = type?.steps[Number(r.step_index)];
      const label = `${type?.name ?? "Recall"}: step ${Number(r.step_index) + 1}${step ? ` (${RECALL_CHANNEL_LABELS[step.channel]})` : ""}`;
      return [`type:${r.recall_type_id}:step:${r.step_index}`, label];
    }),
    by_outlet: group((r) => [
      `outlet:${r.outlet_id ?? "none"}`,
      r.outlet_id ? (outletName.get(Number(r.outlet_id)) ?? "Outlet") : "No outlet",
    ]),
  };
}
