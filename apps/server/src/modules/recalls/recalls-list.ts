import type { RecallRow, recallsQuery } from "@loupe/contract";
import { addDaysToDay, customerLabel } from "@loupe/domain";
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { cappedTotal, countCap } from "../../platform/db/capped-count";
import type { Db } from "../../platform/db/client";
import { type ReferenceData, referenceData } from "../reference";
import { type RowNames, toRecallRow } from "./recalls.mappers";
import { customerNames } from "./recalls.queries";
import type { CustomerRecallRow, RecallStepRow } from "./recalls.service";
import { customerRecalls, recallSteps, recallTypes } from "./recalls.tables";

export type RecallsQuery = z.infer<typeof recallsQuery>;

/** Days ahead that count as "due" on the screen (the contract: within the next 30 days). */
const DUE_WINDOW_DAYS = 30;

/** Who sees which outlets' recalls: administrators every region, everyone else their own region's. */
export function visibleOutletIds(
  reference: ReferenceData,
  staff: { roleId: number | null; regionId: number | null },
  adminRoleId: number,
): number[] | null {
  if (staff.roleId === adminRoleId) return null;
  return reference.outlets.filter((o) => o.regionId === staff.regionId).map((o) => o.id);
}

/** The list's filter as one condition on customer_recalls; `today` is the staff member's day. */
export function recallsWhere(q: RecallsQuery, today: string, outletIds: number[] | null): SQL | undefined {
  const soon = addDaysToDay(today, DUE_WINDOW_DAYS);
  const state =
    q.state === "due"
      ? and(gte(customerRecalls.dueDate, today), lte(customerRecalls.dueDate, soon))
      : q.state === "overdue"
        ? and(lt(customerRecalls.dueDate, today), eq(customerRecalls.outcome, "open"))
        : q.state === "upcoming"
          ? gt(customerRecalls.dueDate, soon)
          : undefined;
  return and(
    state,
    q.outlet_id ? eq(customerRecalls.outletId, q.outlet_id) : undefined,
    q.recall_type_id ? eq(customerRecalls.recallTypeId, q.recall_type_id) : undefined,
    q.outcome ? eq(customerRecalls.outcome, q.outcome) : undefined,
    q.from ? gte(customerRecalls.dueDate, q.from) : undefined,
    q.to ? lte(customerRecalls.dueDate, q.to) : undefined,
    outletIds ? (outletIds.length ? inArray(customerRecalls.outletId, outletIds) : sql`false`) : undefined,
  );
}

/** Each recall's latest step (one statement). */
export async function lastSteps(db: Db, recallIds: number[]): Promise<Map<number, RecallStepRow>> {
  if (!recallIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([recallSteps.recallId])
    .from(recallSteps)
    .where(inArray(recallSteps.recallId, recallIds))
    .orderBy(recallSteps.recallId, desc(recallSteps.at), desc(recallSteps.id));
  return new Map(rows.map((r) => [r.recallId, r]));
}

/** The names a page of recalls shows: customers, types, outlets. */
export async function rowNames(db: Db, rows: CustomerRecallRow[]): Promise<RowNames> {
  const typeIds = [...new Set(rows.map((r) => r.recallTypeId))];
  const [people, types, reference] = await Promise.all([
    customerNames(db, [...new Set(rows.map((r) => r.customerId))]),
    typeIds.length ? db.select().from(recallTypes).where(inArray(recallTypes.id, typeIds)) : [],
    referenceData(db),
  ]);
  return {
    customers: new Map(
      people.map((p) => [p.id, customerLabel({ first_name: p.firstName, last_name: p.lastName })]),
    ),
    types: new Map(types.map((t) => [t.id, t])),
    outlets: new Map(reference.outlets.map((o) => [o.id, o.name])),
  };
}

/** Rows with names and last steps, in the given order. */
export async function toRows(db: Db, rows: CustomerRecallRow[]): Promise<RecallRow[]> {
  const [names, last] = await Promise.all([
    rowNames(db, rows),
    lastSteps(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toRecallRow(r, names, last.get(r.id)));
}

/** One page of the recalls screen, soonest due first, with a capped total (ADR 0016). */
export async function recallsPage(db: Db, q: RecallsQuery, where: SQL | undefined) {
  const cap = countCap(q.page, q.per_page);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(customerRecalls)
      .where(where)
      .orderBy(asc(customerRecalls.dueDate), asc(customerRecalls.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(customerRecalls)
        .where(where)
        .limit(cap + 1)
        .as("s"),
    ),
  ]);
  const { total, totalKind } = cappedTotal(Number(counted[0]?.n ?? 0), cap);
  return {
    data: await toRows(db, rows),
    meta: {
      pagination: {
        total,
        total_kind: totalKind,
        count: rows.length,
        per_page: q.per_page,
        current_page: q.page,
        total_pages: Math.max(1, Math.ceil(total / q.per_page)),
      },
    },
  };
}

/** Every row of the filter, a batch at a time (keyset on due date, id): the export's reader. */
export async function* recallBatches(db: Db, where: SQL | undefined, size: number) {
  let after: { due: string; id: number } | null = null;
  for (;;) {
    const rows: CustomerRecallRow[] = await db
      .select()
      .from(customerRecalls)
      .where(
        and(
          where,
          after
            ? sql`(${customerRecalls.dueDate}, ${customerRecalls.id}) > (${after.due}::date, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(customerRecalls.dueDate), asc(customerRecalls.id))
      .limit(size);
    if (!rows.length) return;
    yield await toRows(db, rows);
    const last = rows[rows.length - 1];
    after = { due: last.dueDate, id: last.id };
    if (rows.length < size) return;
  }
}
