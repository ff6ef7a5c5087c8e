import type { CustomerSearchQuery } from "@loupe/contract";
import type { Database } from "../../platform/db/client";
import { buildCustomerSearchSql } from "./customers.search";
import { toSearchQuery } from "./customers.service";

/** One customer as the customers list's export writes it. */
export interface CustomerExportRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  region_id: number | null;
  created_at: Date | string;
  notes_count: number;
}

const COLUMNS = (notesCountSql: (alias: string) => string) =>
  `c.id, c.first_name, c.last_name, c.email, c.mobile, c.region_id, c.created_at, ${notesCountSql("c")} as notes_count`;

/**
 * The sort key a row carries for the next batch's start, as text: a JavaScript date would drop the
 * microseconds and skip rows sharing the millisecond.
 */
const keyColumns = (expr: string) => `, (${expr})::text as k`;

/** The largest LIMIT a ranked search's last tier takes: every match, for an export. */
const EVERY_MATCH = 2_147_483_647;

/**
 * The customers list's filtered rows in batches (issue 29 part 5), from the list's own search
 * (`toSearchQuery`, `buildCustomerSearchSql`), in its order:
 * - sorted, or without a name search: keyset batches on (sort key, id), the list's order and index;
 * - a ranked name search: the ranked tiers' ids (numbers only, the matches of one name), then
 *   their rows by id, a batch at a time.
 * Bad input (a short search) is refused before any batch.
 */
export function customersExportReader(
  database: Database,
  notesCountSql: (alias: string) => string,
  query: CustomerSearchQuery,
) {
  const search = toSearchQuery({ ...query, page: 1, per_page: 1 });
  const built = buildCustomerSearchSql(search, notesCountSql, EVERY_MATCH);
  const columns = COLUMNS(notesCountSql);

  async function* ranked(size: number): AsyncGenerator<CustomerExportRow[]> {
    const ids: number[] = [];
    for (const t of built.tiers ?? []) {
      const rows = await database.query<{ id: number }>(t.sql, [...t.params, EVERY_MATCH]);
      for (const r of rows) ids.push(Number(r.id));
    }
    for (let i = 0; i < ids.length; i += size) {
      const slice = ids.slice(i, i + size);
      const rows = await database.query<CustomerExportRow>(
        `select ${columns} from customers c where c.id = any($1::int[])`,
        [slice],
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const batch = slice.flatMap((id) => byId.get(id) ?? []);
      if (batch.length) yield batch;
    }
  }

  async function* keyed(size: number): AsyncGenerator<CustomerExportRow[]> {
    const { whereSql, expr, direction, nullable } = built.keyset;
    const cmp = direction === "asc" ? ">" : "<";
    const order = `${expr} ${direction}${nullable ? " nulls last" : ""}, c.id ${direction}`;
    let after: { value: unknown; id: number } | null = null;
    for (;;) {
      const params = [...built.keyset.params];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const conditions = whereSql ? [whereSql.slice("where ".length)] : [];
      if (after) {
        const id = p(after.id);
        if (after.value === null) conditions.push(`(${expr} is null and c.id ${cmp} ${id})`);
        else {
          const v = p(after.value);
          const cast = expr === "c.dob" ? "::date" : /_at$/.test(expr) ? "::timestamptz" : "";
          // Past the last row in the list's order; with nulls last, the nulls all come after.
          conditions.push(
            `((${expr}, c.id) ${cmp} (${v}${cast}, ${id})${nullable ? ` or ${expr} is null` : ""})`,
          );
        }
      }
      const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
      const rows = await database.query<CustomerExportRow & Record<string, unknown>>(
        `select ${columns}${keyColumns(expr)} from customers c ${where} order by ${order} limit ${p(size)}`,
        params,
      );
      const last = rows[rows.length - 1];
      if (last) after = { value: last.k ?? null, id: Number(last.id) };
      for (const r of rows) delete r.k;
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  }

  return (size = 1000) => (built.tiers ? ranked(size) : keyed(size));
}
