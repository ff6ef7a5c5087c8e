import type { JobsQuery } from "@loupe/contract";
import {
  dayRangeInUtc,
  FINISHED_JOB_STATUS_SLUGS,
  isIdSearchType,
  isWorkshopFilter,
  jobSearchError,
  LATE_AFTER_DAYS,
  ONLINE_CHANNEL_ID,
  type OutletDayWindow,
  outletDayWindows,
  timeZoneForRegion,
} from "@loupe/domain";
import type { SearchFilter, SearchQuery, SearchResult } from "../../integrations/search";
import { cappedCountSql, EXACT_COUNT_CAP } from "../../platform/db/capped-count";
import type { Database } from "../../platform/db/client";
import { pageLimitSql } from "../../platform/db/page-limit";
import { prefixRangeSql } from "../../platform/db/prefix-range";
import { validationError } from "../../platform/http/app-error";
import { type WorkshopContext, workshopWhere } from "./workshop-filters";

/** Statuses a job has left the workshop in; anything else older than this is late. */
export const FINISHED_SLUGS: readonly string[] = FINISHED_JOB_STATUS_SLUGS;
/** Past this many counter rows the tabs call folds them back into one row per status and channel. */
export const COMPACT_DELTAS_AFTER = 1000;

/**
 * The tabs' counts in one statement ($1: the open status ids): the status counters summed per
 * status and channel (exact, constant time), the late jobs counted up to one past the cap (a
 * handful of (status, created_at) index ranges; old jobs never closed grow with the table, so past
 * the cap the tab says "1k+", ADR 0016), and whether the counters have piled up enough to fold.
 */
export const TAB_COUNTS_SQL = `select
  (select coalesce(json_agg(d), '[]'::json) from (
     select dispense_status_id as id, channel_id, sum(n)::int as n from order_status_deltas group by 1, 2) d) as counts,
  (${cappedCountSql(`from orders o where o.dispense_status_id = any($1::int[]) and o.created_at < now() - interval '${LATE_AFTER_DAYS} days'`, EXACT_COUNT_CAP)}) as late,
  (select count(*)::int from (select 1 from order_status_deltas limit ${COMPACT_DELTAS_AFTER + 1}) x) as deltas`;

/** What turning the route query into a search needs to know: the brand and the status ids. */
export interface JobsSearchContext {
  brandSlug: string;
  /** Ids of the dispense statuses a job is still in the workshop in (not finished). */
  openStatusIds: number[];
  now?: Date;
  /**
   * The staff member's outlet's zone: the filter's days are its days (ADR 0035) when the outlets'
   * own zones are not given (a test, a script).
   */
  timeZone?: string;
  /** Every outlet's zone: the Created filter's days are then each job's outlet's days (issue 52). */
  outletZones?: readonly { id: number; regionId: number; timeZone: string }[];
  /** The same for the search index, whose documents carry their outlet's day as `created_day`. */
  indexedOutletDays?: boolean;
  /** The outlets' zones, ready statuses and shelf limits: the workshop tabs need them (issue 27). */
  workshop?: WorkshopContext;
}

export type JobsListQuery = JobsQuery;

const lateBefore = (now: Date) => Math.floor(now.getTime() / 1000) - LATE_AFTER_DAYS * 86_400;

/**
 * The jobs route query (spec §4) as a search over the orders index. The list endpoint answers it
 * with SQL (`searchOrdersSql`), Jobs MEILI with the search port: one translation, two engines.
 * Bad input is refused here, the same for both: a short search, a non-numeric id search, an
 * unknown custom filter.
 */
export function jobsQueryToSearch(query: JobsListQuery, ctx: JobsSearchContext): SearchQuery {
  const filters: Record<string, SearchFilter> = {};
  let direction: "asc" | "desc" = query.sort_direction === "asc" ? "asc" : "desc";
  const created: { gte?: number; lt?: number } = {};
  let sqlWhere: SearchQuery["sqlWhere"];
  let sortField: "created_at" | "due_date" | "balance_due_minor" =
    query.sort_by === "due_date"
      ? "due_date"
      : query.sort_by === "balance_due"
        ? "balance_due_minor"
        : "created_at";
  if (query.customFilter) {
    const workshopFilter = query.customFilter;
    if (isWorkshopFilter(workshopFilter) && ctx.workshop) {
      const workshop = ctx.workshop;
      const now = ctx.now ?? new Date();
      sqlWhere = (p) => workshopWhere(workshopFilter, workshop, now, p, query.origin_outlet_id);
      // The most pressing promise first, unless the address asks otherwise.
      if (!query.sort_by) sortField = "due_date";
      if (!query.sort_direction) direction = "asc";
    } else if (query.customFilter === `${ctx.brandSlug}go`) {
      filters.channel_id = ONLINE_CHANNEL_ID;
    } else if (query.customFilter === "late-orders") {
      created.lt = lateBefore(ctx.now ?? new Date());
      // "Any open status" rather than "no finished one": a list of index ranges, not a scan.
      filters.dispense_status_id = { in: ctx.openStatusIds };
      if (!query.sort_direction) direction = "asc";
    } else {
      // An unknown filter name is the caller's mistake (a 422 on the field), not a missing feature.
      throw validationError({
        customFilter: [
          `The customFilter field is invalid: there is no custom filter "${query.customFilter}".`,
        ],
      });
    }
  }
  if (query.region_id) filters.region_id = query.region_id;
  if (query.outlet_id?.length) filters.outlet_ids = { in: query.outlet_id };
  // A status tab inside the late-orders filter still narrows it (the tab wins over "not finished").
  if (query.dispense_status_id) filters.dispense_status_id = query.dispense_status_id;
  if (query.item_dispense_status_id) filters.item_status_ids = query.item_dispense_status_id;
  let dayWhere: SearchQuery["sqlWhere"];
  if (ctx.indexedOutletDays) {
    // 2026-10-22 → 20261022; the day after the last as the exclusive end (20261031 → 20261032 is
    // past every day of October and before any of November).
    const dayNumber = (d: string) => Number(d.slice(0, 10).replaceAll("-", ""));
    const days: { gte?: number; lt?: number } = {};
    if (query.created_start_at) days.gte = dayNumber(query.created_start_at);
    if (query.created_end_at) days.lt = dayNumber(query.created_end_at) + 1;
    if (days.gte !== undefined || days.lt !== undefined) filters.created_day = days;
  } else if ((query.created_start_at || query.created_end_at) && ctx.outletZones?.length) {
    // Calendar days on each job's outlet's clock, as its Created column shows them (issue 52): the
    // union of the outlets' windows is the date index's range, and the exact window per group of
    // outlets a cheap test of the rows in it.
    const outlets = ctx.outletZones.filter((o) => !query.region_id || o.regionId === query.region_id);
    const windows = outletDayWindows(query.created_start_at, query.created_end_at, outlets);
    const froms = windows.map((w) => w.from?.getTime() ?? Number.NaN);
    const tos = windows.map((w) => w.to?.getTime() ?? Number.NaN);
    if (query.created_start_at) created.gte = Math.min(...froms) / 1000;
    if (query.created_end_at) {
      const end = Math.max(...tos) / 1000;
      created.lt = created.lt === undefined ? end : Math.min(created.lt, end);
    }
    if (windows.length > 1) dayWhere = (p) => outletDaysSql(windows, p);
  } else {
    // Without the outlets' zones (a test, a script): the staff member's outlet's clock,
    // or the region's, Toronto for Canada and Sydney otherwise (spec §9).
    const days = dayRangeInUtc(
      query.created_start_at,
      query.created_end_at,
      ctx.timeZone ?? timeZoneForRegion(query.region_id),
    );
    if (days.created_start_at) created.gte = Date.parse(days.created_start_at) / 1000;
    if (days.created_end_at) {
      const end = (Date.parse(days.created_end_at) + 1) / 1000;
      created.lt = created.lt === undefined ? end : Math.min(created.lt, end);
    }
  }
  if (created.gte !== undefined || created.lt !== undefined) filters.created_at = created;
  if (query.priority === 2) filters.priority = 2;
  if (query.customer_id) filters.customer_id = query.customer_id;
  if (query.origin_outlet_id) filters.origin_outlet_id = query.origin_outlet_id;
  // "Balance owing" (issue 44): a cent or more due.
  if (query.balance === "owing") filters.balance_due_minor = { gte: 1 };

  let q: string | undefined;
  const text = query.q?.trim();
  if (text) {
    const problem = jobSearchError(text, query.search_type);
    if (problem) throw validationError({ q: [problem] });
    if (isIdSearchType(query.search_type))
      filters[query.search_type === "job_id" ? "id" : "item_ids"] = Number(text);
    else q = text;
  }
  const workshopWhereSql = sqlWhere;
  if (dayWhere) sqlWhere = workshopWhereSql ? (p) => `${workshopWhereSql(p)} and ${dayWhere(p)}` : dayWhere;
  return {
    q,
    filters,
    page: query.page,
    perPage: query.per_page,
    sort: { field: sortField, direction },
    sqlWhere,
  };
}

/**
 * Each job's created time within its outlet's window. The largest group is written as "any other
 * outlet", so a job of an outlet the reference copy has not seen yet still gets a window.
 */
function outletDaysSql(windows: OutletDayWindow[], p: (v: unknown) => string): string {
  const within = (w: OutletDayWindow) =>
    [
      w.from ? `o.created_at >= ${p(w.from.toISOString())}::timestamptz` : "",
      w.to ? `o.created_at < ${p(w.to.toISOString())}::timestamptz` : "",
    ]
      .filter(Boolean)
      .join(" and ") || "true";
  const [most, ...rest] = windows;
  const others = rest.flatMap((w) => w.outletIds);
  // The instants inside every outlet's window first, with no outlet to look at: all but the edges
  // of a long range pass on it, and the planner, seeing most rows pass, walks the date index and
  // stops at the page (or the count's cap) instead of collecting the whole range first (at 1M jobs,
  // 90 days: 10 ms of bitmap before, 0.2 ms with it).
  const latestFrom = Math.max(...windows.map((w) => w.from?.getTime() ?? Number.NEGATIVE_INFINITY));
  const earliestTo = Math.min(...windows.map((w) => w.to?.getTime() ?? Number.POSITIVE_INFINITY));
  const core: OutletDayWindow = {
    outletIds: [],
    from: Number.isFinite(latestFrom) ? new Date(latestFrom) : null,
    to: Number.isFinite(earliestTo) ? new Date(earliestTo) : null,
  };
  const arms = [
    ...(latestFrom < earliestTo ? [`(${within(core)})`] : []),
    `(o.origin_outlet_id <> all(${p(others)}::int[]) and ${within(most)})`,
    ...rest.map((w) => `(o.origin_outlet_id = any(${p(w.outletIds)}::int[]) and ${within(w)})`),
  ];
  return `(${arms.join(" or ")})`;
}

/** Free text for the orders index: at least 3 characters (spec §5), refused on `q` otherwise. */
export function freeText(text: string): string {
  // The same rule the search bar and the list use (domain), not a second copy of it.
  const problem = jobSearchError(text);
  if (problem) throw validationError({ q: [problem] });
  return text;
}

/** The orders-index attributes the SQL engine understands, each one predicate on `orders o`. */
function predicate(field: string, f: Exclude<SearchFilter, null | undefined>, p: (v: unknown) => string) {
  const scalar = typeof f !== "object";
  switch (field) {
    case "id":
    case "region_id":
    case "priority":
    case "customer_id":
    case "origin_outlet_id":
    case "channel_id":
      if (scalar) return `o.${field} = ${p(Number(f))}`;
      break;
    case "dispense_status_id":
      if (scalar) return `o.dispense_status_id = ${p(Number(f))}`;
      if ("in" in f) return `o.dispense_status_id = any(${p(f.in.map(Number))}::int[])`;
      if ("notIn" in f) return `o.dispense_status_id <> all(${p(f.notIn.map(Number))}::int[])`;
      break;
    case "outlet_ids":
    case "item_status_ids": {
      // "Has an item at / in …": the job shows where any of its items is (a moved item moves the job).
      const ids = idsOf(f);
      if (ids) return `o.item_${field === "outlet_ids" ? "outlet_ids" : "status_ids"} && ${p(ids)}::int[]`;
      break;
    }
    case "item_ids":
      if (scalar) return `o.id in (select i.order_id from order_items i where i.id = ${p(Number(f))})`;
      break;
    case "balance_due_minor":
      if (!scalar && !("in" in f) && !("notIn" in f)) {
        const parts = [];
        if (f.gte !== undefined) parts.push(`o.balance_due_minor >= ${p(f.gte)}`);
        if (f.lt !== undefined) parts.push(`o.balance_due_minor < ${p(f.lt)}`);
        return parts.join(" and ") || null;
      }
      break;
    case "created_at":
      if (!scalar && !("in" in f) && !("notIn" in f)) {
        const parts = [];
        if (f.gte !== undefined) parts.push(`o.created_at >= to_timestamp(${p(f.gte)})`);
        if (f.lt !== undefined) parts.push(`o.created_at < to_timestamp(${p(f.lt)})`);
        return parts.join(" and ") || null;
      }
      break;
  }
  throw new Error(`The orders search cannot filter on ${field} with ${JSON.stringify(f)}`);
}

/** A filter's ids: one, or a list; null for other shapes. */
const idsOf = (f: SearchFilter | undefined): number[] | null =>
  f === undefined || f === null
    ? null
    : typeof f !== "object"
      ? [Number(f)]
      : "in" in f
        ? f.in.map(Number)
        : null;

/**
 * The `item_outlet_status_keys` a location and status filter ask for (outlet × 1000 + status, as
 * `outlet_status_keys` in migration 0038 makes them), or null: no such pair of filters, a status id
 * the key cannot hold, or so many pairs that the plain predicates read less.
 */
export function outletStatusKeys(filters: Record<string, SearchFilter>): number[] | null {
  const outlets = idsOf(filters.outlet_ids);
  const statuses = idsOf(filters.dispense_status_id);
  if (!outlets?.length || !statuses?.length || outlets.length * statuses.length > 200) return null;
  if (statuses.some((s) => !Number.isInteger(s) || s < 0 || s >= 1000)) return null;
  if (outlets.some((o) => !Number.isInteger(o) || o < 0 || o > 2_000_000)) return null;
  return outlets.flatMap((o) => statuses.map((s) => o * 1000 + s));
}

const digitsOf = (q: string) => q.replace(/[^0-9]/g, "");
/** A phone number as staff type it: digits, spaces and + ( ) -, at least six digits. */
const isPhoneTerm = (q: string) => /^[0-9+()\-\s]+$/.test(q) && digitsOf(q).length >= 6;
/** Free text the search reads as (part of) a name, among other things: not an e-mail, not a phone, no digit. */
export const isNameTerm = (q: string) => !q.includes("@") && !isPhoneTerm(q) && !/[0-9]/.test(q);
/** An invoice number's start as staff type it off a receipt: the outlet's letters, a dash, digits. */
const isInvoiceTerm = (q: string) => /^[a-z]{2,}-[0-9]+$/i.test(q);
/** The invoice number in byte order, as `orders_invoice_prefix_idx` holds it: a prefix is one range. */
const INVOICE_C = `(lower(o.vend_invoice_number) collate "C")`;

/** `like` pattern for "contains the term", any case (the columns are compared lower-cased). */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Free text the way staff type it: an e-mail (whole or part), a phone number, an invoice number
 * (its start, or its digits) or uid, or a name (any part). A name holds no digits, so a term with
 * one is not looked for in names; a term shaped like an invoice number ("PAR-2095") is looked for
 * in invoice numbers and uids only (issue 31: the trigram lists of "000" or "par" in every e-mail
 * and name cost more than the answer). Each branch binds only the parameters it uses: Postgres
 * cannot type a parameter the statement never mentions.
 */
function textPredicate(q: string, p: (v: unknown) => string) {
  const lower = q.toLowerCase();
  const digits = digitsOf(q);
  const numeric = /^[0-9]+$/.test(q);
  if (q.includes("@")) return `lower(o.billing_email) like ${p(containsPattern(q))}`;
  if (isPhoneTerm(q))
    return `(regexp_replace(coalesce(o.billing_mobile, ''), '[^0-9]', '', 'g') = ${p(digits)} or lower(o.vend_invoice_number) like ${p(`%${digits}%`)} or o.uid = ${p(q)})`;
  let contains: string | undefined;
  const containsParam = () => {
    contains ??= p(containsPattern(q));
    return contains;
  };
  // "1008" is an invoice number's digits, after the outlet's prefix (trigrams); "PAR-1008" its
  // start, one range of the byte-order btree.
  const arms = [
    numeric
      ? `lower(o.vend_invoice_number) like ${containsParam()}`
      : `(${prefixRangeSql(INVOICE_C, lower, p)})`,
    `o.uid = ${p(q)}`,
  ];
  if (!isInvoiceTerm(q)) arms.push(`lower(o.billing_email) like ${containsParam()}`);
  if (isNameTerm(q))
    arms.push(`lower(o.billing_first_name || ' ' || o.billing_last_name) like ${containsParam()}`);
  return `(${arms.join(" or ")})`;
}

/**
 * A cheap test every row a free-text search matches passes (`textPredicate`'s arms look in the
 * invoice number, the uid, the e-mail and the name; `search_text` holds all but the uid, lower
 * case). Walking the date index, one `like` per row instead of the four-way test (at 2M jobs, a
 * surname's page 7.3 → 3.7 ms of SQL). Null for a phone number, which looks in the mobile's digits.
 */
function textPrefilter(q: string, p: (v: unknown) => string): string | null {
  if (isPhoneTerm(q)) return null;
  return `(o.search_text like ${p(containsPattern(q))} or o.uid = ${p(q)})`;
}

/**
 * A search's filters as one `where` over `orders o`, its order and its total, with a parameter
 * list that the caller extends (`p`) for what it adds. Each filter is one indexed predicate. When
 * the only filters are a status and/or the channel, the total comes from the status counters
 * instead of counting the orders.
 */
export function ordersSearchParts(query: SearchQuery) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const active = Object.entries(query.filters ?? {}).filter(
    (e): e is [string, Exclude<SearchFilter, null | undefined>] => e[1] !== undefined && e[1] !== null,
  );
  const pairs = outletStatusKeys(query.filters ?? {});
  for (const [field, f] of active) {
    // A location with a status: the (outlet, status) pairs' posting lists, not every job ever at
    // the outlet ANDed with the status range. The pairs say the status too, so its own predicate
    // goes: left in, the planner ANDs the pairs' few entries with the status's whole range (at 2M,
    // the busiest outlet's Collected jobs: 84 ms instead of 16).
    if (field === "dispense_status_id" && pairs) continue;
    const sql =
      field === "outlet_ids" && pairs
        ? `o.item_outlet_status_keys && ${p(pairs)}::int[]`
        : predicate(field, f, p);
    if (sql) where.push(sql);
  }
  // The filters alone, before the free text: a count that proves "1,000+" off a name index repeats
  // them (jobs-list.queries.ts). Light ones only: a region or the channel leaves most rows in.
  const lightFilters =
    !query.sqlWhere &&
    active.every(([k, f]) => ["region_id", "channel_id"].includes(k) && typeof f !== "object")
      ? [...where]
      : null;
  const textAt = query.q ? where.push(textPredicate(query.q, p)) - 1 : -1;
  if (query.sqlWhere) where.push(query.sqlWhere(p));
  const whereSql = where.length ? `where ${where.join(" and ")}` : "";
  const direction: "asc" | "desc" = query.sort?.direction === "asc" ? "asc" : "desc";
  const countable =
    !query.q &&
    !query.sqlWhere &&
    active.every(([k, f]) => ["dispense_status_id", "channel_id"].includes(k) && typeof f !== "object");
  /** The total's statement; with the counters it binds its own parameters through `p`. */
  const countSql = () => {
    if (!countable) return `select count(*)::int as total from orders o ${whereSql}`;
    const cw = active.map(([k, f]) => `${k} = ${p(Number(f))}`);
    return `select coalesce(sum(n), 0)::int as total from order_status_deltas ${cw.length ? `where ${cw.join(" and ")}` : ""}`;
  };
  // By promised date the jobs without one (made before promises) come last either way.
  const order =
    query.sort?.field === "due_date"
      ? `o.due_date ${direction} nulls last, o.id ${direction}`
      : query.sort?.field === "balance_due_minor"
        ? `o.balance_due_minor ${direction}, o.id ${direction}`
        : `o.created_at ${direction}, o.id ${direction}`;
  // A first page with no filter values binds nothing, and runs as a named statement (readJobsPage).
  const limit = () => pageLimitSql(query.page, query.perPage, p);
  /**
   * The `where` for walking rows one by one: a free-text search's prefilter first (binds its own
   * parameters). As a CASE, not `and`: the order is fixed, and the planner does not multiply the two
   * tests' estimates into "four rows in ten million" — which made it read and sort the whole table
   * rather than walk the date index (22 s at 10M jobs, ADR 0045).
   */
  const walkWhereSql = () => {
    const pre = query.q ? textPrefilter(query.q, p) : null;
    if (!pre) return whereSql;
    const walked = [...where];
    walked[textAt] = `case when ${pre} then ${where[textAt]} else false end`;
    return `where ${walked.join(" and ")}`;
  };
  return { params, p, whereSql, walkWhereSql, order, limit, countSql, countable, lightFilters };
}

/** A search over the orders index as SQL: the page's ids (newest or oldest first, id breaking ties) and the total. */
export function buildOrdersSearchSql(query: SearchQuery) {
  const parts = ordersSearchParts(query);
  const filterParams = [...parts.params];
  const page = `select o.id from orders o ${parts.whereSql} order by ${parts.order} ${parts.limit()}`;
  const pageParams = [...parts.params];
  // The count's own list: the filters' parameters only, or the counters' own.
  parts.params.length = 0;
  if (!parts.countable) parts.params.push(...filterParams);
  const count = { sql: parts.countSql(), params: parts.params };
  return { page: { sql: page, params: pageParams }, count };
}

/** The orders index on Postgres: what the list endpoint runs, and Jobs MEILI without Meilisearch. */
export async function searchOrdersSql(database: Database, query: SearchQuery): Promise<SearchResult> {
  const built = buildOrdersSearchSql(query);
  const [rows, [{ total }]] = await Promise.all([
    database.query<{ id: number }>(built.page.sql, built.page.params),
    database.query<{ total: number }>(built.count.sql, built.count.params),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(total) };
}
