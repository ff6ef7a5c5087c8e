import type { SearchQuery, SearchResult } from "../../integrations/search";
import type { Database } from "../../platform/db/client";
import type { CustomerRow } from "./customers.mappers";

const SORTABLE: Record<string, string> = {
  updated_at: "c.updated_at",
  created_at: "c.created_at",
  first_name: "lower(c.first_name)",
  last_name: "lower(c.last_name)",
  dob: "c.dob",
};

/**
 * The customer search as one statement: an e-mail is matched exactly, a phone number on its
 * digits, anything else by name or e-mail similarity (pg_trgm). With text and no chosen sort,
 * the closest names rank first. The page's rows, their notes counts and the total come back
 * together, so the endpoint costs one round trip. The benchmark runs this same SQL raw.
 */
export function buildCustomerSearchSql(query: SearchQuery): { sql: string; params: unknown[] } {
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
      where.push(
        `(lower(c.first_name || ' ' || c.last_name) like ${like} or lower(coalesce(c.email, '')) like ${like})`,
      );
    }
  }
  const f = query.filters ?? {};
  if (f.dob) where.push(`c.dob = ${p(f.dob)}`);
  if (f.region_id) where.push(`c.region_id = ${p(Number(f.region_id))}`);
  const whereSql = where.length ? `where ${where.join(" and ")}` : "";
  const sort = query.sort && SORTABLE[query.sort.field];
  // The similarity parameter exists only when it orders the rows: Postgres refuses an unused one.
  const rank =
    !sort && rankText ? `similarity(lower(c.first_name || ' ' || c.last_name), ${p(rankText)}) desc` : null;
  const order = sort
    ? `${sort} ${query.sort!.direction === "asc" ? "asc" : "desc"} nulls last, c.id desc`
    : rank
      ? `${rank}, c.id desc`
      : "c.updated_at desc, c.id desc";
  const sql = `select c.*, count(*) over () as total_count,
      (select count(*) from notes n where n.customer_id = c.id)::int as notes_count
    from customers c ${whereSql}
    order by ${order} limit ${p(query.perPage)} offset ${p((query.page - 1) * query.perPage)}`;
  return { sql, params };
}

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
): Promise<{ rows: CustomerRow[]; notesCounts: Map<number, number>; total: number }> {
  const { sql, params } = buildCustomerSearchSql(query);
  let raw = await database.query<RawCustomer>(sql, params);
  let total = raw.length ? Number(raw[0].total_count) : 0;
  if (!raw.length && query.page > 1) {
    // Past the last page the window count is not there; count on its own so paging can recover.
    const first = buildCustomerSearchSql({ ...query, page: 1, perPage: 1 });
    raw = [];
    const probe = await database.query<RawCustomer>(first.sql, first.params);
    total = probe.length ? Number(probe[0].total_count) : 0;
  }
  return {
    rows: raw.map(toRow),
    notesCounts: new Map(raw.map((r) => [Number(r.id), Number(r.notes_count)])),
    total,
  };
}

/** The Postgres search adapter's answer for the customers index. */
export async function searchCustomerIds(database: Database, query: SearchQuery): Promise<SearchResult> {
  const { rows, total } = await searchCustomers(database, query);
  return { ids: rows.map((r) => r.id), total };
}
