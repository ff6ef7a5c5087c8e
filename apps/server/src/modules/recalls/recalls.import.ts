// Recall due dates brought in from another system's files (issue 46). A row names a recall type
// (by id, or by name: each region has its own types, the customer's region picks) and a due day.
// Written as a date set by hand (`manual`): it stands until a newer record of the customer sets a
// later one, as a staff member's date does. A customer has one recall of a type: a row for a
// recall the customer already has is linked to it (merged), never a second one.

import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { executedRows, pgArray } from "../../platform/db/pg-array";
import { setCustomerRecallDueDates } from "../customers";
import { customersRegions } from "./recalls.queries";
import { firstStep } from "./recalls.service";
import { customerRecalls, recallTypes } from "./recalls.tables";

export interface ImportedRecall {
  customerId: number;
  /** The types the row's code names (recallRow in the domain); the customer's region picks one. */
  recallTypeIds: number[];
  dueOn: string;
  /** "Imported from Optomate (batch #4)": what set it, as the recall list shows it. */
  basis: string;
  importedBy: number;
}

export type ImportedRecallOutcome = { created: boolean; recallId: number };

/** Writes the batch (one insert); answers per row the recall made, or the customer's recall it was linked to. */
export async function importRecalls(
  tx: Db,
  rows: readonly ImportedRecall[],
  today: string,
): Promise<ImportedRecallOutcome[]> {
  if (!rows.length) return [];
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const typeIds = [...new Set(rows.flatMap((r) => r.recallTypeIds))];
  const [customers, types] = await Promise.all([
    customersRegions(tx, customerIds),
    tx.execute(
      sql`select id, region_id, steps from ${recallTypes} where id = any(${pgArray(typeIds)}::int[])`,
    ),
  ]);
  const customerOf = new Map(customers.map((c) => [c.id, c]));
  const typeOf = new Map(
    executedRows<{ id: number; region_id: number; steps: Parameters<typeof firstStep>[0] }>(types).map(
      (t) => [Number(t.id), t],
    ),
  );
  const picked = rows.map((r) => {
    const c = customerOf.get(r.customerId);
    const region = c?.regionId ?? c?.homeRegionId ?? null;
    const typeId = r.recallTypeIds.find((id) => typeOf.get(id)?.region_id === region) ?? r.recallTypeIds[0];
    return { ...r, typeId, outletId: c?.outletId ?? null };
  });
  // One recall per customer and type: a second row of the batch for the pair is linked to the first.
  const key = (customerId: number, typeId: number) => `${customerId}:${typeId}`;
  const firsts = new Map<string, (typeof picked)[number]>();
  for (const p of picked)
    if (!firsts.has(key(p.customerId, p.typeId))) firsts.set(key(p.customerId, p.typeId), p);
  const fresh = [...firsts.values()];
  const schedule = fresh.map((p) => firstStep(typeOf.get(p.typeId)?.steps ?? [], p.dueOn, today));
  const col = (f: (p: (typeof fresh)[number], i: number) => string | number | null) => pgArray(fresh.map(f));
  const inserted = executedRows<{ id: number; customer_id: number; recall_type_id: number }>(
    await tx.execute(sql`
      insert into ${customerRecalls} (customer_id, recall_type_id, outlet_id, due_date, manual, basis,
        next_step_index, next_step_on, updated_by)
      select u.customer_id, u.type_id, u.outlet_id, u.due, true, u.basis, u.step, u.step_on, u.updated_by
      from unnest(${col((p) => p.customerId)}::int[], ${col((p) => p.typeId)}::int[], ${col((p) => p.outletId)}::int[],
        ${col((p) => p.dueOn)}::date[], ${col((p) => p.basis)}::text[], ${col((_, i) => schedule[i].nextStepIndex)}::int[],
        ${col((_, i) => schedule[i].nextStepOn)}::date[], ${col((p) => p.importedBy)}::int[])
        with ordinality as u(customer_id, type_id, outlet_id, due, basis, step, step_on, updated_by, n)
      order by u.n
      on conflict (customer_id, recall_type_id) do nothing
      returning id, customer_id, recall_type_id`),
  );
  const made = new Map(
    inserted.map((r) => [key(Number(r.customer_id), Number(r.recall_type_id)), Number(r.id)]),
  );
  const existing = new Map<string, number>();
  const linked = fresh.filter((p) => !made.has(key(p.customerId, p.typeId)));
  if (linked.length) {
    const found = executedRows<{ id: number; customer_id: number; recall_type_id: number }>(
      await tx.execute(sql`select r.id, r.customer_id, r.recall_type_id from ${customerRecalls} r
        join unnest(${pgArray(linked.map((p) => p.customerId))}::int[], ${pgArray(linked.map((p) => p.typeId))}::int[])
          as u(customer_id, type_id) on r.customer_id = u.customer_id and r.recall_type_id = u.type_id`),
    );
    for (const r of found) existing.set(key(Number(r.customer_id), Number(r.recall_type_id)), Number(r.id));
  }
  await syncDueDates(tx, customerIds);
  const seen = new Set<string>();
  return picked.map((p) => {
    const k = key(p.customerId, p.typeId);
    const id = made.get(k);
    const first = !seen.has(k);
    seen.add(k);
    if (id !== undefined && first) return { created: true, recallId: id };
    return { created: false, recallId: id ?? (existing.get(k) as number) };
  });
}

/** The customers' `active_recall`: their earliest open recall, in one read and one write. */
async function syncDueDates(tx: Db, customerIds: number[]) {
  const rows = executedRows<{ customer_id: number; due: string | null }>(
    await tx.execute(sql`select u.id as customer_id, (select min(r.due_date)::text from ${customerRecalls} r
        where r.customer_id = u.id and r.outcome = 'open') as due
      from unnest(${pgArray(customerIds)}::int[]) as u(id)`),
  );
  await setCustomerRecallDueDates(
    tx,
    rows.map((r) => ({ customerId: Number(r.customer_id), due: r.due })),
  );
}

/** Removes the given imported recalls (an import's undo) and puts the customers' due dates right. */
export async function removeImportedRecalls(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const removed = executedRows<{ customer_id: number }>(
    await tx.execute(
      sql`delete from ${customerRecalls} where id = any(${pgArray(ids)}::int[]) returning customer_id`,
    ),
  );
  await syncDueDates(tx, [...new Set(removed.map((r) => Number(r.customer_id)))]);
}

/** Every recall type (archived ones too: the domain's import rule names those as refused), for an import's checks. */
export async function recallTypesForImport(db: Db) {
  const rows = await db
    .select({
      id: recallTypes.id,
      name: recallTypes.name,
      regionId: recallTypes.regionId,
      active: recallTypes.active,
    })
    .from(recallTypes);
  return rows;
}
