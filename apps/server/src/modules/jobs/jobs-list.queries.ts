import type { TotalKind } from "@loupe/domain";
import type { SearchQuery } from "../../integrations/search";
import { cappedTotal, countCap } from "../../platform/db/capped-count";
import type { Database } from "../../platform/db/client";
import { prefixCountSql } from "../../platform/db/prefix-range";
import type { ListedOrder } from "./jobs.mappers";
import { isNameTerm, ordersSearchParts } from "./jobs-search";
import type { RefundRows } from "./refund-facts";

/** One job of a list page: its listed columns and what its row shows of its related rows. */
export type JobsPageRow = ListedOrder & {
  customer: { firstName: string; lastName: string } | null;
  notesCount: number;
  items: { id: number; quantity: number }[];
  payments: RefundRows["payments"];
  refunds: RefundRows["refunds"][number][];
};

/** The same as the statement's JSON holds it: timestamps as ISO text (JSON has no dates). */
export type JsonRow = Omit<JobsPageRow, "createdAt" | "dispenseStatusAt" | "payments"> & {
  createdAt: string | Date;
  dispenseStatusAt: string | Date;
  payments: (Omit<RefundRows["payments"][number], "createdAt"> & { createdAt: string | Date })[];
};

/** The orders columns a list row shows, as JSON keys named like the Drizzle row's fields. */
const ORDER_FIELDS: [key: keyof ListedOrder, column: string][] = [
  ["id", "id"],
  ["uid", "uid"],
  ["name", "name"],
  ["vendInvoiceNumber", "vend_invoice_number"],
  ["customerId", "customer_id"],
  ["billingFirstName", "billing_first_name"],
  ["billingLastName", "billing_last_name"],
  ["billingEmail", "billing_email"],
  ["billingMobile", "billing_mobile"],
  ["billingAddress", "billing_address"],
  ["totalAmountMinor", "total_amount_minor"],
  ["totalPaymentMinor", "total_payment_minor"],
  ["balanceDueMinor", "balance_due_minor"],
  ["dispenseStatusId", "dispense_status_id"],
  ["paymentStatusId", "payment_status_id"],
  ["priority", "priority"],
  ["channelId", "channel_id"],
  ["channel", "channel"],
  ["isOctoposOrder", "is_octopos_order"],
  ["vendBaseUrl", "vend_base_url"],
  ["originOutletId", "origin_outlet_id"],
  ["shipmentStatus", "shipment_status"],
  ["shipmentCompany", "shipment_company"],
  ["shipmentTrackingId", "shipment_tracking_id"],
  ["createdAt", "created_at"],
  ["dueDate", "due_date"],
  ["promiseVersion", "promise_version"],
  ["atRiskReason", "at_risk_reason"],
  ["dispenseStatusAt", "dispense_status_at"],
  ["importedFrom", "imported_from"],
];
const pageColumns = ORDER_FIELDS.map(([, c]) => `o.${c}`).join(", ");
const orderJson = ORDER_FIELDS.map(([k, c]) => `'${k}', o.${c}`).join(", ");

/** The billing name and surname as `orders_billing_name_rank_idx` and `…_last_name_rank_idx` order them. */
const NAME_C = `lower(o.billing_first_name || ' ' || o.billing_last_name) collate "C"`;
const LAST_C = `lower(o.billing_last_name) collate "C"`;

/**
 * How many jobs a name or surname starting with the term proves there are, up to cap + 1, off the
 * two name btrees alone (ADR 0042): every such job matches the free text (its full name contains
 * the term), so past the cap the total is "1,000+" without the trigram bitmaps a common name costs.
 * Null where the term is not read as a name, or other filters would make the ranges long walks.
 */
function nameCountProof(
  q: string,
  filters: string[] | null,
  p: (v: unknown) => string,
  cap: number,
): string | null {
  if (!filters || !isNameTerm(q)) return null;
  const term = q.toLowerCase();
  const also = filters.map((f) => ` and ${f}`).join("");
  const range = (expr: string) => prefixCountSql("orders o", expr, term, p, cap, also);
  return `greatest(${range(NAME_C)}, ${range(LAST_C)})`;
}

/**
 * One job's list row as a JSON object (`o` its orders row, `c` its customer, left joined): the
 * list page and the job detail (job-detail.queries.ts) build it with this one definition, so their
 * rows cannot drift apart.
 */
export const jobRowJson = (notesCountSql: (alias: string) => string) => `json_build_object(${orderJson},
    'customer', case when c.id is null then null else json_build_object('firstName', c.first_name, 'lastName', c.last_name) end,
    'notesCount', ${notesCountSql("o")},
    'items', (select coalesce(json_agg(json_build_object('id', i.id, 'quantity', i.quantity) order by i.id), '[]'::json)
              from order_items i where i.order_id = o.id),
    'payments', (select coalesce(json_agg(json_build_object('amountMinor', x.amount_minor, 'state', x.state, 'createdAt', x.created_at) order by x.id), '[]'::json)
                 from order_payments x where x.order_id = o.id),
    'refunds', (select coalesce(json_agg(json_build_object('amountMinor', r.amount_minor, 'status', r.status, 'scope', r.scope, 'kind', r.kind) order by r.id), '[]'::json)
                from order_refunds r where r.order_id = o.id and r.status <> 'failed')
  )`;

/**
 * The parsed row's timestamps become dates in place, not in copies (a copy of a row's 28 fields
 * cost 5 µs a row on the list's hot path).
 */
export function rowDatesInPlace(job: JsonRow): JobsPageRow {
  job.createdAt = new Date(job.createdAt);
  job.dispenseStatusAt = new Date(job.dispenseStatusAt);
  for (const payment of job.payments) payment.createdAt = new Date(payment.createdAt);
  return job as JobsPageRow;
}

/**
 * A jobs list page in ONE statement (issue 16): the page's orders, each with its customer's name,
 * notes count, items, payments and refund attempts not failed as JSON, and the total beside them.
 * One round trip instead of seven (ids and total, orders, customers, notes, items, payments,
 * refunds). The page is a LIMITed subquery, so the per-job subqueries run for its rows only; the
 * total is the same statement the list always used (status counters when only a status or the
 * channel filters, otherwise an exact count), so it keeps ADR 0006's exact totals.
 * Reads customers (another module's table): that is why it lives in a `.queries.ts`; the notes count
 * comes from the notes module, above jobs, through `orderNotesCountSqlSlot`.
 */
export function buildJobsPageSql(
  query: SearchQuery,
  notesCountSql: (alias: string) => string,
  cap = countCap(query.page, query.perPage),
): { sql: string; params: unknown[]; cap: number | null } {
  const parts = ordersSearchParts(query);
  // Each branch binds only its own limit and counter parameters: Postgres refuses unused ones.
  let matches = "";
  let page: string;
  let count: string;
  if (!query.q && parts.countable) {
    // Only a status and/or the channel: the counters give the exact total (ADR 0006).
    page = `select ${pageColumns} from orders o ${parts.whereSql} order by ${parts.order} ${parts.limit()}`;
    count = parts.countSql();
  } else {
    // Past the counters a total is a count of rows: capped like the other lists (ADR 0016, ADR
    // 0041). The first cap + 1 matches are read once (m): their number is the total, and when
    // they are all there is (at most the cap), the page is sorted out of them — one index scan for
    // both. Past the cap the matches are many, and the page is read on its own: free text (trigram
    // bitmaps, no date order) by walking the date index newest first until a page has matched,
    // other filters as the planner sees fit. The branch not taken never runs (one-time filters).
    const order = parts.order;
    const limit = parts.limit();
    const many = `(select total from t) > ${cap}`;
    const proof = query.q ? nameCountProof(query.q, parts.lightFilters, parts.p, cap) : null;
    matches = proof
      ? // The matches are read only when the name ranges do not already prove more than the cap.
        `with pr as (select ${proof} as n), m as materialized (select o.id, o.created_at, o.due_date, o.balance_due_minor from orders o ${parts.whereSql} and (select n from pr) <= ${cap} limit ${cap + 1}), t as (select case when (select n from pr) > ${cap} then (select n from pr) else count(*)::int end as total from m) `
      : `with m as materialized (select o.id, o.created_at, o.due_date, o.balance_due_minor from orders o ${parts.whereSql} limit ${cap + 1}), t as (select count(*)::int as total from m) `;
    const rest = query.q
      ? `select ${pageColumns} from (select * from orders o where ${many} order by ${order} offset 0) o ${parts.walkWhereSql()} order by ${order} ${limit}`
      : `select ${pageColumns} from orders o ${parts.whereSql} and ${many} order by ${order} ${limit}`;
    page = `select ${pageColumns} from (select m.id from m where (select total from t) <= ${cap} order by ${order.replaceAll("o.", "m.")} ${limit}) p join orders o on o.id = p.id
      union all
      (${rest})`;
    count = "select total from t";
  }
  const sql = `${matches}select t.total, (
  select coalesce(json_agg(${jobRowJson(notesCountSql)} order by ${parts.order}), '[]'::json)
  from (${page}) o left join customers c on c.id = o.customer_id
) as jobs
from (${count}) t`;
  return { sql, params: parts.params, cap: query.q || !parts.countable ? cap : null };
}

/** Runs the page's one statement. */
export async function readJobsPage(
  database: Database,
  query: SearchQuery,
  notesCountSql: (alias: string) => string,
  /** Where the count stops (tests pass a small one); by default ADR 0016's cap for the page. */
  countUpTo?: number,
): Promise<{ total: number; totalKind: TotalKind; jobs: JobsPageRow[] }> {
  const { sql, params, cap } = buildJobsPageSql(query, notesCountSql, countUpTo);
  // Both drivers (pg, PGlite) parse a json column into objects. A statement that binds no values
  // (the first page of the list, or of a tab with no filter values) runs as a named statement:
  // planning it was 0.4 of its 1.0 ms of SQL, and with no values its plan cannot hinge on them.
  const [row] = await database.query<{ total: number; jobs: JsonRow[] }>(sql, params, {
    prepared: params.length === 0,
  });
  // The parsed rows are this call's own.
  for (const job of row.jobs) rowDatesInPlace(job);
  const counted = Number(row.total);
  const { total, totalKind } =
    cap === null ? { total: counted, totalKind: "exact" as const } : cappedTotal(counted, cap);
  return { total, totalKind, jobs: row.jobs as JobsPageRow[] };
}
