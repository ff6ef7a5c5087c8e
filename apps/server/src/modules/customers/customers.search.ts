import type { TotalKind } from "@loupe/domain";
import type { SearchQuery, SearchResult } from "../../integrations/search";
import { cappedCountSql, cappedTotal, countCap } from "../../platform/db/capped-count";
import type { Database } from "../../platform/db/client";
import type { CustomerRow } from "./customers.mappers";

/**
 * Each sort the screen offers and its index (customers.tables.ts). The tie-break follows the
 * direction, so one `(column, id)` index serves both directions; nulls go last only where the
 * column can be null (dob, which has an index per direction).
 */
const SORTABLE: Record<string, { expr: string; nullable?: boolean }> = {
  updated_at: { expr: "c.updated_at" },
  created_at: { expr: "c.created_at" },
  first_name: { expr: "lower(c.first_name)" },
  last_name: { expr: "lower(c.last_name)" },
  dob: { expr: "c.dob", nullable: true },
};

const NAME = "lower(c.first_name || ' ' || c.last_name)";

/**
 * The customer search: an e-mail is matched exactly, a phone number on its digits, anything else
 * by name or e-mail (pg_trgm). With text and no chosen sort, the closest names rank first (every
 * match is scored: a GiST index read nearest-first was slower at a million rows, ADR 0016). The page's rows and their notes counts come back in one statement; the total is a
 * second, capped one (`countSql`), run beside it. The benchmark runs these same statements raw.
 */
export function buildCustomerSearchSql(query: SearchQuery): {
  sql: string;
  params: unknown[];
  countSql: string;
  countParams: unknown[];
  /** The count stops after this many rows (`countSql` reads one more to know it went past). */
  cap: number;
  /** No text and no filter: past the cap the total is the table's estimated size. */
  unfiltered: boolean;
} {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let rankText: string | null = null;
  const q = query.q?.trim();
  if (q) {
    const digits = q.replace(/[^0-9]/g, "");
    if (q.includes("@")) {
      where.push(`lower(c.email) = ${p(q.toLowerCase())}`);
    } else if (/^[0-9+()\-\s]+$/.test(q) && digits.length >= 6) {
      const d = p(digits);
      where.push(
        `(regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g') = ${d} or regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') = ${d})`,
      );
    } else {
      const like = p(`%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      rankText = q.toLowerCase();
      where.push(`(${NAME} like ${like} or lower(coalesce(c.email, '')) like ${like})`);
    }
  }
  const f = query.filters ?? {};
  if (f.dob) where.push(`c.dob = ${p(f.dob)}`);
  if (f.region_id) where.push(`c.region_id = ${p(Number(f.region_id))}`);
  const whereSql = where.length ? `where ${where.join(" and ")}` : "";
  const countParams = [...params];
  const sort = query.sort && SORTABLE[query.sort.field];
  const dir = query.sort?.direction === "asc" ? "asc" : "desc";
  // The rank parameter exists only when it orders the rows: Postgres refuses an unused one.
  const order = sort
    ? `${sort.expr} ${dir}${sort.nullable ? " nulls last" : ""}, c.id ${dir}`
    : rankText
      ? `similarity(${NAME}, ${p(rankText)}) desc, c.id desc`
      : "c.updated_at desc, c.id desc";
  const offset = (query.page - 1) * query.perPage;
  const sql = `select c.*,
      (select count(*) from notes n where n.customer_id = c.id)::int as notes_count
    from customers c ${whereSql}
    order by ${order} limit ${p(query.perPage)} offset ${p(offset)}`;
  const cap = countCap(query.page, query.perPage);
  const countSql = cappedCountSql(`from customers c ${whereSql}`, cap);
  return { sql, params, countSql, countParams, cap, unfiltered: where.length === 0 };
}

/** The table's size as the planner last measured it (`ANALYZE`, autovacuum): no rows are read. */
const ESTIMATE_SQL = `select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'customers'::regclass`;

type RawCustomer = Record<string, any>;

const toRow = (r: RawCustomer): CustomerRow => ({
  id: Number(r.id),
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  mobile: r.mobile,
  phone: r.phone,
  dob: r.dob instanceof Date ? r.dob.toISOString().slice(0, 10) : r.dob,
  gender: r.gender,
  occupation: r.occupation,
  hobbies: r.hobbies,
  newOptIn: r.new_opt_in,
  channelSms: r.channel_sms,
  channelPhone: r.channel_phone,
  channelEmail: r.channel_email,
  regionId: r.region_id,
  outletId: r.outlet_id,
  homeRegionId: r.home_region_id,
  hasShopAccount: r.has_shop_account,
  recallDueDate:
    r.recall_due_date instanceof Date ? r.recall_due_date.toISOString().slice(0, 10) : r.recall_due_date,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  version: Number(r.version),
  updatedBy: r.updated_by == null ? null : Number(r.updated_by),
});

export async function searchCustomers(
  database: Database,
  query: SearchQuery,
): Promise<{ rows: CustomerRow[]; notesCounts: Map<number, number>; total: number; totalKind: TotalKind }> {
  const built = buildCustomerSearchSql(query);
  const [raw, [{ n }]] = await Promise.all([
    database.query<RawCustomer>(built.sql, built.params),
    database.query<{ n: number }>(built.countSql, built.countParams),
  ]);
  const { total, totalKind } = await totalOf(database, n, built.cap, built.unfiltered);
  return {
    rows: raw.map(toRow),
    notesCounts: new Map(raw.map((r) => [Number(r.id), Number(r.notes_count)])),
    total,
    totalKind,
  };
}

/** Exact under the cap; past it the planner's estimate of the whole table, or "at least the cap". */
async function totalOf(database: Database, counted: number, cap: number, unfiltered: boolean) {
  if (counted > cap && unfiltered) {
    const [{ n }] = await database.query<{ n: string }>(ESTIMATE_SQL);
    if (Number(n) > cap) return { total: Number(n), totalKind: "estimate" as const };
  }
  return cappedTotal(counted, cap);
}

/** The Postgres search adapter's answer for the customers index. */
export async function searchCustomerIds(database: Database, query: SearchQuery): Promise<SearchResult> {
  const { rows, total, totalKind } = await searchCustomers(database, query);
  // Said only when the total is not exact, as the other engines' answers do.
  return { ids: rows.map((r) => r.id), total, ...(totalKind !== "exact" && { totalKind }) };
}
