import type { TotalKind } from "@loupe/domain";
import type { SearchQuery, SearchResult } from "../../integrations/search";
import { cappedCountSql, cappedTotal, countCap } from "../../platform/db/capped-count";
import type { Database } from "../../platform/db/client";
import { pageLimitSql } from "../../platform/db/page-limit";
import { prefixCountSql, prefixEnd, prefixRangeSql } from "../../platform/db/prefix-range";
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

/**
 * The columns a list row reads (`toRow`), named rather than `c.*`: a named statement's result
 * cannot change shape under it when a migration adds a column while this process still runs.
 */
const ROW_COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "mobile",
  "phone",
  "dob",
  "gender",
  "occupation",
  "hobbies",
  "new_opt_in",
  "channel_sms",
  "channel_phone",
  "channel_email",
  "region_id",
  "outlet_id",
  "home_region_id",
  "has_shop_account",
  "recall_due_date",
  "created_at",
  "updated_at",
  "version",
  "updated_by",
]
  .map((column) => `c.${column}`)
  .join(", ");

const NAME = "lower(c.first_name || ' ' || c.last_name)";
/** The same name and the surname in byte order, as the rank indexes hold them (customers.tables.ts). */
const NAME_C = `${NAME} collate "C"`;
const LAST_C = `lower(c.last_name) collate "C"`;
const FIRST_C = `lower(c.first_name) collate "C"`;

/** A LIKE pattern for text containing `s`, its own %, _ and backslash taken literally. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** One step of the ranked name search: the ids of its rows, best first (`$limit` is the last parameter). */
export interface RankTier {
  sql: string;
  params: unknown[];
}

/**
 * The customer search: an e-mail is matched exactly, a phone number on its digits, anything else
 * by name or e-mail (pg_trgm). With text and no chosen sort, the closest names rank first, in tiers
 * (`rankTiers`, ADR 0019) rather than by scoring every match: at a million customers "walker" has
 * 25,000 matches and scoring them all took ~100 ms. The total is a second, capped statement
 * (`countSql`), run beside the page. The benchmark runs these same statements raw (`customerList`).
 */
export function buildCustomerSearchSql(
  query: SearchQuery,
  notesCountSql: (alias: string) => string,
  /** Where the ranked search's last tier stops; an export takes every match. */
  tierCap?: number,
): {
  sql: string;
  params: unknown[];
  countSql: string;
  countParams: unknown[];
  /** The count stops after this many rows (`countSql` reads one more to know it went past). */
  cap: number;
  /**
   * Set for a ranked name search: the page is these tiers' ids, run in turn until the page is full
   * (`customerPage`), instead of `sql`.
   */
  tiers: RankTier[] | null;
  /** A ranked page's rows by their ids (`$1`), with their notes counts. */
  rowsSql: string;
  /** The list's `where` and its parameters alone, and its order as keys, for an export's keyset batches. */
  keyset: { whereSql: string; params: unknown[]; expr: string; direction: "asc" | "desc"; nullable: boolean };
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
      const like = p(containing(q.toLowerCase()));
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
  const keyset = {
    whereSql,
    params: [...params],
    expr: sort ? sort.expr : "c.updated_at",
    direction: (sort ? dir : "desc") as "asc" | "desc",
    nullable: !!sort?.nullable,
  };
  // The rank parameter exists only when it orders the rows: Postgres refuses an unused one.
  const order = sort
    ? `${sort.expr} ${dir}${sort.nullable ? " nulls last" : ""}, c.id ${dir}`
    : rankText
      ? `similarity(${NAME}, ${p(rankText)}) desc, c.id desc`
      : "c.updated_at desc, c.id desc";
  const sql = `select ${ROW_COLUMNS}, ${notesCountSql("c")} as notes_count
    from customers c ${whereSql}
    order by ${order} ${pageLimitSql(query.page, query.perPage, p)}`;
  const cap = countCap(query.page, query.perPage);
  const tiers = rankText && !sort ? rankTiers(rankText, filterSql(f), tierCap ?? cap) : null;
  const fullCount = cappedCountSql(`from customers c ${whereSql}`, cap);
  // The whole table: the planner's size of it comes with the count (shown past the cap), not in a
  // third round trip after the other two.
  const countSql = rankText
    ? prefixFirstCount(rankText, filterSql(f), fullCount, countParams, cap)
    : where.length === 0
      ? `select (${fullCount}) as n, (${ESTIMATE_SQL}) as estimate`
      : fullCount;
  return {
    sql,
    params,
    countSql,
    countParams,
    cap,
    tiers,
    rowsSql: rowsSql(notesCountSql),
    keyset,
  };
}

/**
 * A name search's capped count that first counts, off the rank indexes, the names and the surnames
 * that start with the term (each at most cap + 1 entries, a fraction of a millisecond): every such
 * row is a match, so past the cap either one proves "1,000+". Only under it does the full match
 * (`fullCount`, trigram) run; PostgreSQL evaluates a CASE branch's subquery only when it is taken.
 * For "walker" at a million customers the full count alone took ~45 ms (25,000 matches: the planner
 * scans the table until it has 1,001). Adds its own parameters after `params`.
 */
function prefixFirstCount(
  term: string,
  filters: (p: (v: unknown) => string) => string,
  fullCount: string,
  params: unknown[],
  cap: number,
) {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const prefixCount = (expr: string) => prefixCountSql("customers c", expr, term, p, cap, filters(p));
  const lower = `greatest(${prefixCount(NAME_C)}, ${prefixCount(LAST_C)})`;
  return `select case when ${lower} > ${cap} then ${cap + 1} else (${fullCount}) end as n`;
}

/** The list's exact filters as SQL, for a statement that numbers its own parameters from 1. */
function filterSql(f: NonNullable<SearchQuery["filters"]>) {
  return (p: (v: unknown) => string) => {
    const parts: string[] = [];
    if (f.dob) parts.push(`c.dob = ${p(f.dob)}`);
    if (f.region_id) parts.push(`c.region_id = ${p(Number(f.region_id))}`);
    return parts.map((x) => ` and ${x}`).join("");
  };
}

/**
 * The ranked name search, nearest first, as tiers that each read in index order, so a LIMIT stops
 * after the page instead of ranking every match:
 *
 * 1. the full name is the term ("walker" for a customer with no surname, "amy walker");
 * 2. the surname is the term, by first name;
 * 3. the first name (or its first words) is the term, by full name;
 * 4. the surname starts with the term ("walkerton"), by surname and first name;
 * 5. the full name starts with the term (a first name "walkerly", "amy walk" for "Amy Walkerton");
 * 6. any other match (inside a name, or in the e-mail), by trigram similarity among the first
 *    `cap` such rows found (the count beside the page says "1,000+" past the cap anyway).
 *
 * Ties go newest first. Every tier leaves out the earlier tiers' rows, so a customer appears once,
 * and together they are exactly the rows the count counts (each earlier tier's rows contain the
 * term). Tiers 1–5 are ranges of `customers_name_rank_idx` and `customers_last_name_rank_idx` in
 * byte order: a prefix is then exactly the range [term, prefixEnd(term)).
 */
export function rankTiers(
  term: string,
  filters: (p: (v: unknown) => string) => string,
  cap: number,
): RankTier[] {
  const q = term;
  const qEnd = prefixEnd(q);
  const spaced = `${q} `;
  // Strings that start with "term " end before "term!" ("!" follows " ").
  const spacedEnd = `${q}!`;
  const like = containing(q);
  type P = (v: unknown) => string;
  const tier = (build: (p: P) => string): RankTier => {
    const params: unknown[] = [];
    const p: P = (v) => {
      params.push(v);
      return `$${params.length}`;
    };
    const sql = build(p);
    return { sql: `${sql} limit $${params.length + 1}`, params };
  };
  const startsWith = (expr: string, p: P) => prefixRangeSql(expr, q, p);
  const between = (expr: string, p: P, from: string, fromOp: ">" | ">=", to: string | null, toOp = "<") =>
    `${expr} ${fromOp} ${p(from)}${to === null ? "" : ` and ${expr} ${toOp} ${p(to)}`}`;
  const ids = (p: P, where: string, order: string) =>
    `select c.id from customers c where ${where}${filters(p)} order by ${order}`;
  // Every tier is one index range read in order (an OR of two would be read whole and sorted), and
  // leaves out what the earlier ones took with a filter on the row.
  return [
    // With no surname the name ends in a space; a name with a control character right after the
    // term falls in this range too, and is kept here rather than lost between tiers.
    tier((p) => ids(p, between(NAME_C, p, q, ">=", spaced, "<="), `${NAME_C}, c.id desc`)),
    tier((p) =>
      ids(
        p,
        `${LAST_C} = ${p(q)} and not (${between(NAME_C, p, q, ">=", spaced, "<=")})`,
        `${FIRST_C}, c.id desc`,
      ),
    ),
    tier((p) =>
      ids(
        p,
        `${between(NAME_C, p, spaced, ">", spacedEnd)} and ${LAST_C} <> ${p(q)}`,
        `${NAME_C}, c.id desc`,
      ),
    ),
    tier((p) =>
      ids(
        p,
        `${between(LAST_C, p, q, ">", qEnd)} and not (${between(NAME_C, p, q, ">=", spacedEnd)})`,
        `${LAST_C}, ${FIRST_C}, c.id desc`,
      ),
    ),
    tier((p) =>
      ids(
        p,
        `${between(NAME_C, p, spacedEnd, ">=", qEnd)} and not (${startsWith(LAST_C, p)})`,
        `${NAME_C}, c.id desc`,
      ),
    ),
    tier((p) => {
      const t = p(like);
      const inner = `select c.id, ${NAME} as name from customers c
        where (${NAME} like ${t} or lower(coalesce(c.email, '')) like ${t})
          and not (${startsWith(NAME_C, p)}) and not (${startsWith(LAST_C, p)})${filters(p)}
        limit ${p(cap)}`;
      return `select m.id from (${inner}) m order by similarity(m.name, ${p(q)}) desc, m.id desc`;
    }),
  ];
}

/**
 * Runs one statement: the pool's `Database.query`, or a bare `pg` client in the benchmark.
 * `prepared`: it binds nothing, and may run as a named statement (`Database.query`).
 */
export type RunSql = <T>(sql: string, params: unknown[], options?: { prepared?: boolean }) => Promise<T[]>;

/** A ranked page's rows by id, with their notes counts. */
const rowsSql = (
  notesCountSql: (alias: string) => string,
) => `select ${ROW_COLUMNS}, ${notesCountSql("c")} as notes_count
    from customers c where c.id = any($1::int[])`;

/**
 * The page's rows with their notes counts: one statement, or for a ranked search the tiers in
 * turn until offset + perPage ids are known (usually the first two), then those rows by id.
 */
export async function customerPage(
  run: RunSql,
  built: Pick<ReturnType<typeof buildCustomerSearchSql>, "sql" | "params" | "tiers" | "rowsSql">,
  query: Pick<SearchQuery, "page" | "perPage">,
): Promise<RawCustomer[]> {
  if (!built.tiers) return run<RawCustomer>(built.sql, built.params, { prepared: built.params.length === 0 });
  const offset = (query.page - 1) * query.perPage;
  const need = offset + query.perPage;
  const found: number[] = [];
  for (const t of built.tiers) {
    const rows = await run<{ id: number }>(t.sql, [...t.params, need - found.length]);
    for (const r of rows) found.push(Number(r.id));
    if (found.length >= need) break;
  }
  const pageIds = found.slice(offset, need);
  if (!pageIds.length) return [];
  const byId = new Map((await run<RawCustomer>(built.rowsSql, [pageIds])).map((r) => [Number(r.id), r]));
  // A row deleted between the two statements is simply left out.
  return pageIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A list page's rows and its count, at once (`beside` on a connection of its own). A statement
 * that binds nothing (the unfiltered list's first page and its count: the screen as it opens) is
 * named and planned once. Both in one statement instead measured no faster: the two run in
 * parallel on two connections, and the pool's CPU per call was the same.
 */
export async function customerList(
  run: RunSql,
  built: Pick<
    ReturnType<typeof buildCustomerSearchSql>,
    "sql" | "params" | "tiers" | "rowsSql" | "countSql" | "countParams"
  >,
  query: Pick<SearchQuery, "page" | "perPage">,
  beside: RunSql = run,
): Promise<{ raw: RawCustomer[]; n: number; estimate?: string }> {
  const [raw, [{ n, estimate }]] = await Promise.all([
    customerPage(run, built, query),
    beside<{ n: number; estimate?: string }>(built.countSql, built.countParams, {
      prepared: built.countParams.length === 0,
    }),
  ]);
  return { raw, n, estimate };
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
  notesCountSql: (alias: string) => string,
): Promise<{ rows: CustomerRow[]; notesCounts: Map<number, number>; total: number; totalKind: TotalKind }> {
  const built = buildCustomerSearchSql(query, notesCountSql);
  const { raw, n, estimate } = await customerList(
    (sql, params, options) => database.query(sql, params, options),
    built,
    query,
  );
  const { total, totalKind } = totalOf(n, estimate, built.cap);
  return {
    rows: raw.map(toRow),
    notesCounts: new Map(raw.map((r) => [Number(r.id), Number(r.notes_count)])),
    total,
    totalKind,
  };
}

/**
 * Exact under the cap; past it the planner's estimate of the whole table (read with the count when
 * nothing filters), or "at least the cap".
 */
function totalOf(counted: number, estimate: string | undefined, cap: number) {
  if (counted > cap && estimate !== undefined && Number(estimate) > cap)
    return { total: Number(estimate), totalKind: "estimate" as const };
  return cappedTotal(counted, cap);
}

/** The Postgres search adapter's answer for the customers index. */
export async function searchCustomerIds(database: Database, query: SearchQuery): Promise<SearchResult> {
  // Only the ids are answered: the notes counts are not read at all.
  const { rows, total, totalKind } = await searchCustomers(database, query, () => "0");
  // Said only when the total is not exact, as the other engines' answers do.
  return { ids: rows.map((r) => r.id), total, ...(totalKind !== "exact" && { totalKind }) };
}
