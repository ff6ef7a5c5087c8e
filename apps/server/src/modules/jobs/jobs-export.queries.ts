import type { JobsQuery } from "@loupe/contract";
import { isWorkshopFilter } from "@loupe/domain";
import type { Database } from "../../platform/db/client";
import type { Slots } from "../../platform/slots";
import { outletZones } from "./job-reference";
import { dispenseStatusSlugs } from "./job-reference.queries";
import { FINISHED_SLUGS, jobsQueryToSearch, ordersSearchParts } from "./jobs-search";
import { readWorkshopContext } from "./workshop.queries";

/** One job as the jobs list's export writes it: the row's own columns, no wire mapping. */
export interface JobExportRow {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  billing_first_name: string;
  billing_last_name: string;
  priority: number;
  total_amount_minor: number;
  dispense_status_id: number;
  origin_outlet_id: number;
  created_at: Date | string;
  /** Item quantities: every item at −1 shows the job as refunded, as the list does. */
  quantities: number[];
  notes_count: number;
}

/**
 * The jobs list's filtered rows in keyset batches (issue 29 part 5): the same route query, turned
 * into the same search (`jobsQueryToSearch`) and the same `where` and order (`ordersSearchParts`)
 * as the list endpoint, so the export is the list's rows across every page, in its order. Each
 * batch starts after the last row of the one before (the list's order: (created_at, id),
 * (due_date nulls last, id) on the workshop tabs and the Promised sort, or (balance_due, id) on the
 * Balance sort), so no batch reads past
 * rows again and memory holds one batch. Bad input is refused before any batch.
 */
export async function jobsExportReader(
  database: Database,
  ctx: { brandSlug: string; timeZone: string; notesCountSql: (alias: string) => string; slots: Slots },
  query: JobsQuery,
) {
  const [open, workshop] = await Promise.all([
    dispenseStatusSlugs(database.db).then((rows) =>
      rows.filter((r) => !FINISHED_SLUGS.includes(r.slug)).map((r) => r.id),
    ),
    // The workshop tabs (issue 27) are read on each outlet's clock, as the list reads them (issue 52).
    isWorkshopFilter(query.customFilter) ? readWorkshopContext(database.db, ctx.slots) : undefined,
  ]);
  const search = jobsQueryToSearch(query, {
    brandSlug: ctx.brandSlug,
    openStatusIds: open,
    timeZone: ctx.timeZone,
    // The list's Created filter, in each job's outlet's days: the export holds the list's rows.
    outletZones: query.created_start_at || query.created_end_at ? await outletZones(database.db) : undefined,
    workshop,
  });
  const direction = search.sort?.direction === "asc" ? "asc" : "desc";
  const byPromise = search.sort?.field === "due_date";
  const byBalance = search.sort?.field === "balance_due_minor";
  // The walked key as text; the balance is never null (a generated column, ADR 0057).
  const keyColumn = byPromise ? "due_date" : byBalance ? "balance_due_minor" : "created_at";
  const past = direction === "asc" ? ">" : "<";
  return async function* batches(size = 1000): AsyncGenerator<JobExportRow[]> {
    // The key as text: a JavaScript date would drop the microseconds and skip rows in the same millisecond.
    let after: { at: string | null; id: number } | null = null;
    for (;;) {
      const parts = ordersSearchParts({ ...search, page: 1, perPage: size });
      const conditions = parts.whereSql ? [parts.whereSql.slice("where ".length)] : [];
      if (after && byBalance) {
        const owed = parts.p(Number(after.at));
        conditions.push(`(o.balance_due_minor, o.id) ${past} (${owed}::int, ${parts.p(after.id)})`);
      } else if (after && !byPromise) {
        const at = parts.p(after.at);
        conditions.push(`(o.created_at, o.id) ${past} (${at}::timestamptz, ${parts.p(after.id)})`);
      } else if (after) {
        // Nulls last either way: after a dated row come later dates, its own date's later ids and
        // every undated row; after an undated row, only undated rows with later ids.
        const id = parts.p(after.id);
        conditions.push(
          after.at === null
            ? `(o.due_date is null and o.id ${past} ${id})`
            : `(o.due_date is null or (o.due_date, o.id) ${past} (${parts.p(after.at)}::date, ${id}))`,
        );
      }
      const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
      const rows = await database.query<JobExportRow & { k?: string }>(
        `select o.id, o.vend_invoice_number, o.customer_id, c.first_name as customer_first_name,
            c.last_name as customer_last_name, o.billing_first_name, o.billing_last_name, o.priority,
            o.total_amount_minor, o.dispense_status_id, o.origin_outlet_id, o.created_at,
            array(select i.quantity from order_items i where i.order_id = o.id) as quantities,
            ${ctx.notesCountSql("o")} as notes_count,
            o.${keyColumn}::text as k
           from (select o.id, o.vend_invoice_number, o.customer_id, o.billing_first_name, o.billing_last_name,
                   o.priority, o.total_amount_minor, o.dispense_status_id, o.origin_outlet_id, o.created_at,
                   o.due_date, o.balance_due_minor
                 from orders o ${where} order by ${parts.order} limit ${parts.p(size)}) o
           left join customers c on c.id = o.customer_id
          order by ${parts.order}`,
        parts.params,
      );
      const last = rows[rows.length - 1];
      if (last) after = { at: (last.k as string | null) ?? null, id: Number(last.id) };
      for (const r of rows) delete r.k;
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  };
}
