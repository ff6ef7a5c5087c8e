import type { JobsQuery } from "@loupe/contract";
import { isSearchTooShort, ONLINE_CHANNEL_ID, SEARCH_TOO_SHORT } from "@loupe/domain";
import type { Database } from "../../platform/db/client";
import { AppError, validationError } from "../../platform/http/app-error";

/** Statuses a job has left the workshop in; anything else older than this is late. */
export const FINISHED_SLUGS = [
  "completed",
  "collected-by-customer",
  "dispatched",
  "cancelled",
  "refunded",
  "refunded-transaction",
  "voided",
];
export const LATE_AFTER_DAYS = 14;

type Q = Omit<JobsQuery, "outlet_id" | "page" | "per_page"> & {
  outlet_id?: number[];
  page: number;
  per_page: number;
};

/**
 * The jobs list as SQL: each filter is one indexed predicate; the outlet and item-status filters
 * look at the job's items (a job moved to another location shows there). Answers the page's ids
 * and the total.
 */
export async function findJobIds(
  database: Database,
  query: Q,
  brandSlug: string,
): Promise<{ ids: number[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let direction: "asc" | "desc" = query.sort_direction === "asc" ? "asc" : "desc";
  if (query.customFilter) {
    if (query.customFilter === `${brandSlug}go`) {
      where.push(`o.channel_id = ${p(ONLINE_CHANNEL_ID)}`);
    } else if (query.customFilter === "late-orders") {
      where.push(`o.created_at < now() - interval '${LATE_AFTER_DAYS} days'`);
      where.push(
        `o.dispense_status_id not in (select id from statuses where kind = 'dispense' and slug = any(${p(FINISHED_SLUGS)}))`,
      );
      if (!query.sort_direction) direction = "asc";
    } else {
      throw new AppError("not_implemented", `The custom filter "${query.customFilter}" is not implemented.`);
    }
  }
  if (query.region_id) where.push(`o.region_id = ${p(query.region_id)}`);
  if (query.outlet_id?.length) {
    where.push(
      `exists (select 1 from order_items i where i.order_id = o.id and i.outlet_id = any(${p(query.outlet_id)}))`,
    );
  }
  if (query.dispense_status_id) where.push(`o.dispense_status_id = ${p(query.dispense_status_id)}`);
  if (query.item_dispense_status_id) {
    where.push(
      `exists (select 1 from order_items i where i.order_id = o.id and i.dispense_status_id = ${p(query.item_dispense_status_id)})`,
    );
  }
  if (query.created_start_at)
    where.push(
      `o.created_at >= (${p(query.created_start_at.slice(0, 10))}::date)::timestamp at time zone 'Australia/Sydney'`,
    );
  if (query.created_end_at) {
    where.push(
      `o.created_at < ((${p(query.created_end_at.slice(0, 10))}::date + 1)::timestamp at time zone 'Australia/Sydney')`,
    );
  }
  if (query.priority === 2) where.push("o.priority = 2");
  if (query.customer_id) where.push(`o.customer_id = ${p(query.customer_id)}`);
  const q = query.q?.trim();
  if (q) {
    if (query.search_type === "job_id" || query.search_type === "order_item_id") {
      const n = Number(q);
      if (!Number.isInteger(n) || n <= 0)
        throw validationError({ q: ["The search must be a number for this search type."] });
      where.push(
        query.search_type === "job_id"
          ? `o.id = ${p(n)}`
          : `exists (select 1 from order_items i where i.order_id = o.id and i.id = ${p(n)})`,
      );
    } else {
      if (isSearchTooShort(q)) throw validationError({ q: [SEARCH_TOO_SHORT] });
      const lower = q.toLowerCase();
      const digits = q.replace(/[^0-9]/g, "");
      if (q.includes("@")) where.push(`lower(o.billing_email) = ${p(lower)}`);
      else if (/^[0-9+()\-\s]+$/.test(q) && digits.length >= 6) {
        where.push(
          `(regexp_replace(coalesce(o.billing_mobile, ''), '[^0-9]', '', 'g') = ${p(digits)} or lower(o.vend_invoice_number) = ${p(lower)})`,
        );
      } else {
        const like = p(`%${lower.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where.push(
          `(lower(o.vend_invoice_number) = ${p(lower)} or lower(o.billing_first_name || ' ' || o.billing_last_name) like ${like})`,
        );
      }
    }
  }
  const whereSql = where.length ? `where ${where.join(" and ")}` : "";
  const countParams = [...params];
  const rows = await database.query<{ id: number }>(
    `select o.id from orders o ${whereSql} order by o.created_at ${direction}, o.id ${direction} limit ${p(query.per_page)} offset ${p((query.page - 1) * query.per_page)}`,
    params,
  );
  const [{ total }] = await database.query<{ total: number }>(
    `select count(*)::int as total from orders o ${whereSql}`,
    countParams,
  );
  return { ids: rows.map((r) => Number(r.id)), total };
}
