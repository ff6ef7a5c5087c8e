import type { AccessLogEntryWire, AccessReportQuery } from "@loupe/contract";
import { csvCell } from "@loupe/domain";
import { cappedCountSql, cappedTotal, countCap } from "../../platform/db/capped-count";
import type { Database } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import type { StaffRow } from "../staff";

/** The privacy officer's questions are for administrators only (role 1). */
export function assertAdministrator(staff: StaffRow): void {
  if (staff.roleId !== 1) throw new AppError("forbidden", "Only an administrator can do this.");
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare date is that whole day in UTC; the web sends exact instants in the outlet's zone. */
export function range(q: Pick<AccessReportQuery, "from" | "to">): { from: Date; to: Date } {
  const from = q.from ? new Date(DAY.test(q.from) ? `${q.from}T00:00:00Z` : q.from) : new Date(0);
  let to = q.to ? new Date(DAY.test(q.to) ? `${q.to}T00:00:00Z` : q.to) : new Date(Date.now() + 60_000);
  if (q.to && DAY.test(q.to)) to = new Date(to.getTime() + 86_400_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw new AppError("validation_failed", "Dates must be YYYY-MM-DD.", {
      from: ["Dates must be YYYY-MM-DD."],
    });
  return { from, to };
}

interface DbRow {
  seq: string;
  occurred_at: Date | string;
  staff_id: number | null;
  staff_name: string | null;
  staff_role_id: number | null;
  staff_outlet_id: number | null;
  staff_region_id: number | null;
  action: string;
  resource: string;
  resource_id: number | null;
  customer_id: number | null;
  customer_name: string | null;
  screen: string | null;
  route: string | null;
  request_id: string | null;
  address: string | null;
  outcome: "allowed" | "refused" | "failed";
  reason: string | null;
  changed_fields: string[] | null;
}

const toWire = (r: DbRow): AccessLogEntryWire => ({
  ...r,
  seq: Number(r.seq),
  occurred_at: new Date(r.occurred_at).toISOString(),
});

/** The indexes are `(customer_id | staff_id, occurred_at DESC NULLS LAST, seq DESC NULLS LAST)`: the
 * ORDER BY must say NULLS LAST too, or the planner cannot read a page off the index in order. */
const ORDER = "ORDER BY l.occurred_at DESC NULLS LAST, l.seq DESC NULLS LAST";

const COLUMNS = `l.seq::text AS seq, l.occurred_at, l.staff_id, nullif(trim(s.first_name || ' ' || s.last_name), '') AS staff_name,
  l.staff_role_id, l.staff_outlet_id, l.staff_region_id, l.action, l.resource, l.resource_id, l.customer_id,
  nullif(trim(c.first_name || ' ' || c.last_name), '') AS customer_name, l.screen, l.route, l.request_id,
  l.address, l.outcome, l.reason, l.changed_fields`;

const CSV_HEADER = [
  "seq",
  "occurred_at",
  "staff_id",
  "staff_name",
  "staff_role_id",
  "staff_outlet_id",
  "staff_region_id",
  "action",
  "resource",
  "resource_id",
  "customer_id",
  "customer_name",
  "screen",
  "route",
  "request_id",
  "address",
  "outcome",
  "reason",
  "changed_fields",
] as const;

export const CSV_MAX_ROWS = 100_000;

export function createAccessLogService(database: Database) {
  async function report(by: "customer" | "staff", id: number, q: AccessReportQuery) {
    const { from, to } = range(q);
    const where = [
      `l.${by === "customer" ? "customer_id" : "staff_id"} = $1`,
      "l.occurred_at >= $2",
      "l.occurred_at < $3",
    ];
    const params: unknown[] = [id, from, to];
    if (q.action) {
      params.push(q.action);
      where.push(`l.action = $${params.length}`);
    }
    if (q.resource) {
      params.push(q.resource);
      where.push(`l.resource = $${params.length}`);
    }
    const filter = where.join(" AND ");
    return { filter, params };
  }

  return {
    async page(by: "customer" | "staff", id: number, q: AccessReportQuery) {
      const { filter, params } = await report(by, id, q);
      const perPage = q.per_page ?? 50;
      const page = q.page ?? 1;
      const cap = countCap(page, perPage);
      const [rows, [{ n }]] = await Promise.all([
        database.query<DbRow>(
          `SELECT ${COLUMNS} FROM access_log l
             LEFT JOIN staff_users s ON s.id = l.staff_id
             LEFT JOIN customers c ON c.id = l.customer_id
            WHERE ${filter} ${ORDER}
            LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
          params,
        ),
        // Capped (ADR 0016): a staff member's three years are ~50,000 rows to count for a pager.
        database.query<{ n: number }>(cappedCountSql(`FROM access_log l WHERE ${filter}`, cap), params),
      ]);
      const { total, totalKind } = cappedTotal(n, cap);
      return {
        data: rows.map(toWire),
        meta: {
          pagination: {
            total,
            total_kind: totalKind,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(total / perPage)),
          },
        },
      };
    },

    /** The whole filtered range as CSV (at most CSV_MAX_ROWS rows, newest first). */
    async csv(by: "customer" | "staff", id: number, q: AccessReportQuery): Promise<string> {
      const { filter, params } = await report(by, id, q);
      const rows = await database.query<DbRow>(
        `SELECT ${COLUMNS} FROM access_log l
           LEFT JOIN staff_users s ON s.id = l.staff_id
           LEFT JOIN customers c ON c.id = l.customer_id
          WHERE ${filter} ${ORDER} LIMIT ${CSV_MAX_ROWS}`,
        params,
      );
      const lines = [CSV_HEADER.join(",")];
      for (const r of rows.map(toWire)) lines.push(CSV_HEADER.map((k) => csvCell(r[k])).join(","));
      return `${lines.join("\r\n")}\r\n`;
    },
  };
}
