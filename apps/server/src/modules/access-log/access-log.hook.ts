import type { AccessAction, AccessResource, Endpoint } from "@loupe/contract";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { AppError } from "../../platform/http/app-error";
import type { AroundAccess } from "../../platform/http/bind";
import { type AccessEntry, type AccessOutcome, recordAccess, requestContext } from "./access-log.record";

/** The table behind each resource whose rows can be looked up by id, for the customer and changes. */
const TABLES: Partial<Record<AccessResource, string>> = {
  customer: "customers",
  prescription: "prescriptions",
  contact_lens: "prescriptions",
  pd: "pds",
  file: "files",
  lens_order: "lens_orders",
  job: "orders",
  job_item: "order_items",
  quote: "quotes",
};

/** An item names its job's customer through the job. */
const SNAPSHOT: Partial<Record<AccessResource, string>> = {
  job_item: `SELECT to_jsonb(i) || jsonb_build_object('customer_id', o.customer_id) AS row
               FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = $1`,
};

/** Bookkeeping columns: an update that changed only these changed nothing a privacy officer asks about. */
const NOT_FIELDS = new Set(["version", "updated_at", "updated_by", "created_at"]);

const CHANGES = new Set(["create", "update", "delete"]);

type Row = Record<string, unknown>;

interface State {
  recorded: boolean;
  endpoint: Endpoint;
}

const states = new WeakMap<FastifyRequest, State>();

const toId = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** A prescription whose type is contact lens is logged as a contact-lens record. */
const kindOf = (resource: AccessResource, row: Row | null | undefined): AccessResource =>
  resource === "prescription" && row?.type_id === 2 ? "contact_lens" : resource;

function customerOf(resource: AccessResource, id: number | null, row: Row | null | undefined): number | null {
  if (resource === "customer") return id;
  return toId(row?.customer_id);
}

function changedFields(before: Row | null, after: Row | null): string[] | null {
  if (!before || !after) return null;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => !NOT_FIELDS.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

function outcomeOf(err: unknown): { outcome: AccessOutcome; reason: string } {
  if (err instanceof AppError)
    return {
      outcome: err.code === "forbidden" || err.code === "unauthenticated" ? "refused" : "failed",
      reason: err.code,
    };
  const status = (err as { statusCode?: number } | null)?.statusCode;
  if (status === 401 || status === 403) return { outcome: "refused", reason: String(status) };
  return { outcome: "failed", reason: status ? String(status) : "internal" };
}

/**
 * The binder's access hook (ADR 0013). For an endpoint that declares `access` it writes one row
 * per call: changes (create, update, delete) run in one request transaction with their row, so a
 * failed log write rolls the change back; reads and sends are written after the handler and
 * before the answer. A refused or failed call is written with its outcome after the rollback.
 */
export function createAccessHook(database: Database): AroundAccess {
  const { db } = database;

  async function snapshot(resource: AccessResource, id: number | null): Promise<Row | null> {
    const table = TABLES[resource];
    if (!table || id == null) return null;
    const [found] = await database.query<{ row: Row }>(
      SNAPSHOT[resource] ?? `SELECT to_jsonb(t) AS row FROM ${table} t WHERE id = $1`,
      [id],
    );
    return found?.row ?? null;
  }

  function target(endpoint: Endpoint, req: FastifyRequest) {
    const access = endpoint.access!;
    const params = (req.params ?? {}) as Row;
    const idParam = access.id === undefined ? (access.customer === "id" ? null : "id") : access.id;
    const resourceId = idParam
      ? toId(params[idParam])
      : access.idBody
        ? toId((req.body as Row | null)?.[access.idBody])
        : null;
    const customerId = access.customer
      ? toId(params[access.customer])
      : access.customerBody
        ? toId((req.body as Row | null)?.[access.customerBody])
        : null;
    return { access, resourceId, customerId };
  }

  return async (endpoint, req, run) => {
    const state: State = { recorded: false, endpoint };
    states.set(req, state);
    const { access, resourceId, customerId } = target(endpoint, req);
    const base = { ...requestContext(req), action: access.action, resource: access.resource };

    /** The rows for a call that succeeded: one per record a create made, else one. */
    async function allowed(result: unknown, before: Row | null): Promise<AccessEntry[]> {
      const data = (result as { data?: unknown } | null)?.data;
      if (access.action === "create") {
        const rows = (Array.isArray(data) ? data : [data]).filter(
          (r): r is Row => !!r && typeof r === "object",
        );
        return rows.map((r) => {
          const id = toId(r.id);
          return {
            ...base,
            outcome: "allowed",
            resource: kindOf(access.resource, r),
            resourceId: id,
            customerId: customerOf(access.resource, id, r) ?? customerId,
          };
        });
      }
      if (resourceId == null) return [{ ...base, outcome: "allowed", customerId }];
      const answered = data && typeof data === "object" && !Array.isArray(data) ? (data as Row) : null;
      // The answer names the customer (and a prescription's type) when it is the record itself;
      // otherwise one primary-key read finds them.
      const after =
        access.action === "delete"
          ? null
          : access.action !== "update" &&
              ((answered && "customer_id" in answered) || access.resource === "customer")
            ? answered
            : await snapshot(access.resource, resourceId);
      const row = access.action === "delete" ? before : after;
      return [
        {
          ...base,
          outcome: "allowed",
          resource: kindOf(access.resource, row),
          resourceId,
          customerId: customerOf(access.resource, resourceId, row) ?? customerId,
          changedFields: access.action === "update" ? changedFields(before, after) : null,
        },
      ];
    }

    try {
      if (CHANGES.has(access.action) && !endpoint.multipart) {
        return await inRequestTransaction(db, async () => {
          const before = access.action === "create" ? null : await snapshot(access.resource, resourceId);
          const result = await run();
          if (!state.recorded) {
            state.recorded = true;
            await recordAccess(db, await allowed(result, before));
          }
          return result;
        });
      }
      const result = await run();
      if (!state.recorded) {
        state.recorded = true;
        await recordAccess(db, await allowed(result, null), { asyncCommit: !CHANGES.has(access.action) });
      }
      return result;
    } catch (err) {
      if (!state.recorded) {
        state.recorded = true;
        const { outcome, reason } = outcomeOf(err);
        try {
          const row = await snapshot(access.resource, resourceId);
          await recordAccess(db, {
            ...base,
            outcome,
            reason,
            resource: kindOf(access.resource, row),
            resourceId,
            customerId: customerOf(access.resource, resourceId, row) ?? customerId,
          });
        } catch (logErr) {
          req.log.error({ err: logErr }, "access log write failed");
        }
      }
      throw err;
    }
  };
}

/**
 * For a handler that must log before it answers (a download streams its bytes): writes the call's
 * row now, with what the handler knows, and the binder then writes nothing more.
 */
export async function recordRequestAccess(
  database: Database,
  req: FastifyRequest,
  known: {
    resourceId?: number | null;
    customerId?: number | null;
    resource?: AccessResource;
    action?: AccessAction;
    /** What a list export wrote (its filters and row count), in the row's field list. */
    changedFields?: string[] | null;
    /** A download that broke off part-way is written as failed, with why. */
    outcome?: AccessOutcome;
    reason?: string | null;
  },
): Promise<void> {
  const state = states.get(req);
  const access = state?.endpoint.access;
  if (!state || !access) throw new Error("recordRequestAccess outside an endpoint that declares access");
  state.recorded = true;
  await recordAccess(database.db, {
    ...requestContext(req),
    action: known.action ?? access.action,
    resource: known.resource ?? access.resource,
    resourceId: known.resourceId ?? null,
    customerId: known.customerId ?? null,
    changedFields: known.changedFields ?? null,
    outcome: known.outcome ?? "allowed",
    reason: known.reason ?? null,
  });
}
