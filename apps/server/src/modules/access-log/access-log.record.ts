import type { AccessAction, AccessResource } from "@loupe/contract";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/client";
import { accessLog } from "./access-log.tables";

export type AccessOutcome = "allowed" | "refused" | "failed";

/** Who did it, as they were at the time: role, outlet and region are copied, not joined later. */
export interface AccessActor {
  id: number;
  roleId: number | null;
  outletId: number | null;
  regionId: number | null;
}

export interface AccessEntry {
  staff: AccessActor | null;
  action: AccessAction;
  resource: AccessResource;
  resourceId?: number | null;
  customerId?: number | null;
  /** The screen or job it came from (`X-Loupe-Screen`), or a job's own name for background work. */
  screen?: string | null;
  route?: string | null;
  requestId?: string | null;
  address?: string | null;
  outcome: AccessOutcome;
  reason?: string | null;
  changedFields?: string[] | null;
}

const SCREEN_MAX = 120;

/** The who-and-where of an HTTP request, for an entry. */
export function requestContext(
  req: FastifyRequest,
): Pick<AccessEntry, "staff" | "screen" | "route" | "requestId" | "address"> {
  const screen = req.headers["x-loupe-screen"];
  const staff = req.staff;
  return {
    staff: staff
      ? { id: staff.id, roleId: staff.roleId, outletId: staff.outletId, regionId: staff.regionId }
      : null,
    screen: typeof screen === "string" && screen ? screen.slice(0, SCREEN_MAX) : null,
    route: `${req.method} ${req.routeOptions.url ?? req.url.split("?")[0]}`,
    requestId: req.id,
    address: req.ip ?? null,
  };
}

/**
 * Appends rows to the access log. Pass the transaction of the change being recorded, so both
 * commit or neither does; an error here must fail the caller (ADR 0013). Prints, e-mails and
 * supplier sends call this where they happen; endpoints that declare `access` are recorded by the
 * binder.
 */
export async function recordAccess(
  db: Db,
  entries: AccessEntry | AccessEntry[],
  options: { asyncCommit?: boolean } = {},
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  if (options.asyncCommit) {
    // A read changes nothing, so its row need not wait for the WAL flush (ADR 0013): a database
    // crash could lose the last fraction of a second of read rows, never a change's row, and the
    // chain stays whole because the head moves in the same statement. One statement, so the
    // setting is local to its own implicit transaction.
    const rows = list.map(
      (
        e,
      ) => sql`(${e.staff?.id ?? null}::int, ${e.staff?.roleId ?? null}::int, ${e.staff?.outletId ?? null}::int,
        ${e.staff?.regionId ?? null}::int, ${e.action}::text, ${e.resource}::text, ${e.resourceId ?? null}::int,
        ${e.customerId ?? null}::int, ${e.screen ?? null}::text, ${e.route ?? null}::text, ${e.requestId ?? null}::text,
        ${e.address ?? null}::text, ${e.outcome}::text, ${e.reason ?? null}::text,
        ${e.changedFields ? `{${e.changedFields.map((f) => `"${f.replace(/["\\]/g, "")}"`).join(",")}}` : null}::text[])`,
    );
    await db.execute(sql`INSERT INTO access_log (seq, staff_id, staff_role_id, staff_outlet_id, staff_region_id,
        action, resource, resource_id, customer_id, screen, route, request_id, address, outcome, reason, changed_fields)
      SELECT 0, v.* FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit,
        (VALUES ${sql.join(rows, sql`, `)}) AS v`);
    return;
  }
  await insertRows(db, list);
}

async function insertRows(db: Db, list: AccessEntry[]): Promise<void> {
  await db.insert(accessLog).values(
    list.map((e) => ({
      // seq, occurred_at and the hashes are assigned by the database's trigger.
      seq: 0,
      staffId: e.staff?.id ?? null,
      staffRoleId: e.staff?.roleId ?? null,
      staffOutletId: e.staff?.outletId ?? null,
      staffRegionId: e.staff?.regionId ?? null,
      action: e.action,
      resource: e.resource,
      resourceId: e.resourceId ?? null,
      customerId: e.customerId ?? null,
      screen: e.screen ?? null,
      route: e.route ?? null,
      requestId: e.requestId ?? null,
      address: e.address ?? null,
      outcome: e.outcome,
      reason: e.reason ?? null,
      changedFields: e.changedFields ?? null,
    })),
  );
}
