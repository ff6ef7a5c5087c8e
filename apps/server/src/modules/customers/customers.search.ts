import type { SearchQuery, SearchResult } from "../../integrations/search";
import type { Database } from "../../platform/db/client";

const SORTABLE: Record<string, string> = {
  updated_at: "c.updated_at",
  created_at: "c.created_at",
  first_name: "lower(c.first_name)",
  last_name: "lower(c.last_name)",
  dob: "c.dob",
};

/**
 * The customer search: an e-mail is matched exactly, a phone number on its digits, anything else
 * by name or e-mail similarity (pg_trgm). With text and no chosen sort, exact hits rank first,
 * then the closest names. Each branch is one indexed predicate, so 1M rows stay fast.
 */
export async function searchCustomerIds(database: Database, query: SearchQuery): Promise<SearchResult> {
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
  const countParams = [...params];

  const sort = query.sort && SORTABLE[query.sort.field];
  // The similarity parameter exists only when it orders the rows: Postgres refuses an unused one.
  const rank =
    !sort && rankText ? `similarity(lower(c.first_name || ' ' || c.last_name), ${p(rankText)}) desc` : null;
  const order = sort
    ? `${sort} ${query.sort!.direction === "asc" ? "asc" : "desc"} nulls last, c.id desc`
    : rank
      ? `${rank}, c.id desc`
      : "c.updated_at desc, c.id desc";
  const limit = p(query.perPage);
  const offset = p((query.page - 1) * query.perPage);
  const rows = await database.query<{ id: number }>(
    `select c.id from customers c ${whereSql} order by ${order} limit ${limit} offset ${offset}`,
    params,
  );
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from customers c ${whereSql}`,
    countParams,
  );
  return { ids: rows.map((r) => Number(r.id)), total };
}
