// The binder's rulebook check (ADR 0025): before a workshop call's handler runs, resolve the job
// (or jobs) it names, read their facts and ask `decideJobAction`. A refusal is thrown before
// anything is written: 403 for who (or `approval_required`), 409 for the job's state.
import type { Endpoint, RuleRequest } from "@loupe/contract";
import {
  type ApprovalAction,
  type ApprovalFacts,
  DEFAULT_ROLE_SETTINGS,
  decideJobAction,
  decideJobRead,
  decideOutletAction,
  ITEM_ACTIONS,
  isCollectedStatus,
  JOB_READS,
  type JobAction,
  type JobRead,
  type OutletAction,
  type RoleSettings,
  type RuleActor,
  toMinorUnits,
  type Verdict,
} from "@loupe/domain";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import {
  asId,
  asIds,
  isReplay,
  itemsWithJobs,
  jobMessageOrder,
  lensOrderTarget,
  loadActor,
  loadRuleItems,
  loadRuleJobs,
  outletRegion,
  partialRefundOf,
  regionMoney,
  statusSlugOf,
} from "./job-rules.queries";

export interface JobRuleDeps {
  /** The role settings an administrator keeps (ADR 0022). */
  roleSettings: (db: Db) => Promise<RoleSettings>;
  /** This staff member's latest approvals of this action on this job, used and expired ones too (ADR 0049). */
  approvalsOf: (
    db: Db,
    q: { orderId: number; action: ApprovalAction; requestedBy: number },
  ) => Promise<ApprovalFacts<RuleActor>[]>;
}

export const defaultJobRuleDeps: JobRuleDeps = {
  roleSettings: async () => DEFAULT_ROLE_SETTINGS,
  approvalsOf: async () => [],
};

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const CODES = {
  who: "forbidden",
  approval: "approval_required",
  state: "conflict",
  missing: "not_found",
} as const;

const isJobRead = (a: string): a is JobRead => (JOB_READS as readonly string[]).includes(a);

/** The outlet half (ADR 0049): the outlet's region decides; an id naming no outlet is the handler's 404. */
async function checkOutlet(db: Db, endpoint: Endpoint, r: RuleRequest, staff: StaffUserRow): Promise<void> {
  const rule = endpoint.outletRule!;
  const outletId = asId(rule.target(r));
  if (outletId === null) return;
  const regionId = await outletRegion(db, outletId);
  if (regionId === null) return;
  const v = decideOutletAction(rule.action, { actor: await loadActor(db, staff), outletRegionId: regionId });
  if (!v.allowed) throw refusal(v, rule.action, endpoint);
}

function refusal(
  v: Exclude<Verdict, { allowed: true }>,
  action: JobAction | JobRead | OutletAction,
  endpoint: Endpoint,
): AppError {
  const spec = v.refusal === "state" ? endpoint.jobRule?.stateMessage : undefined;
  if (spec) return new AppError("conflict", spec, { reason: [v.reason] }, { action });
  return new AppError(CODES[v.refusal], v.reason, undefined, { action });
}

/**
 * The status a status call moves the job or its items to (its body names it by id): collecting
 * with a balance due is decided on it (issue 44). Undefined for other calls or an unknown id.
 */
async function movedToStatus(db: Db, action: JobAction, body: unknown): Promise<string | undefined> {
  if (action !== "job_status" && action !== "item_status") return undefined;
  const b = (body ?? {}) as Record<string, unknown>;
  const id = action === "job_status" ? b.dispense_status_id : (b.status_id ?? b.id);
  const statusId = asId(id);
  if (statusId === null) return undefined;
  return (await statusSlugOf(db, statusId, action === "job_status" ? "dispense" : "item")) ?? undefined;
}

/**
 * A card payment intent's amount (major units in its body) in minor units: more than the balance
 * is refused before the card is charged. The Payments endpoint names no such field: its service
 * answers an amount over the balance with a 422 on the field instead.
 */
function intentAmountMinor(body: unknown): number | undefined {
  const b = (body ?? {}) as Record<string, unknown>;
  if (!("currency" in b)) return undefined;
  const amount = typeof b.amount === "number" ? b.amount : Number(b.amount);
  return Number.isFinite(amount) ? toMinorUnits(amount) : undefined;
}

/** Where the target lives: the jobs named, and the item (and lens order) for item actions. */
interface Resolved {
  orderIds: number[];
  /** The items named, each with its job (a batch names several). */
  items?: { id: number; orderId: number }[];
  lensOrderId?: number;
  outletId?: number;
}

async function resolve(
  db: Db,
  target: ReturnType<NonNullable<Endpoint["jobRule"]>["target"]>,
): Promise<Resolved | null> {
  if ("order" in target) {
    const id = asId(target.order);
    return id === null ? null : { orderIds: [id] };
  }
  if ("item" in target) {
    const id = asId(target.item);
    if (id === null) return null;
    const [row] = await itemsWithJobs(db, [id]);
    return row ? { orderIds: [row.orderId], items: [row] } : null;
  }
  if ("orders" in target) {
    const ids = asIds(target.orders);
    return ids ? { orderIds: ids } : null;
  }
  if ("jobMessage" in target) {
    const id = asId(target.jobMessage);
    const orderId = id === null ? null : await jobMessageOrder(db, id);
    return orderId === null ? null : { orderIds: [orderId] };
  }
  if ("items" in target) {
    const ids = asIds(target.items);
    if (!ids) return null;
    const rows = await itemsWithJobs(db, ids);
    return { orderIds: [...new Set(rows.map((r) => r.orderId))], items: rows };
  }
  if ("lensOrder" in target) {
    const id = asId(target.lensOrder);
    if (id === null) return null;
    const row = await lensOrderTarget(db, id);
    return row
      ? { orderIds: [row.orderId], items: [{ id: row.itemId, orderId: row.orderId }], lensOrderId: id }
      : null;
  }
  const outletId = asId(target.outlet);
  return outletId === null ? null : { orderIds: [], outletId };
}

/**
 * Checks the endpoint's declared rule for this request. Ids that name nothing are left to the
 * handler (its 404 or 422 names the field); the rule is about jobs that exist.
 */
export function createJobRuleCheck(deps: JobRuleDeps = defaultJobRuleDeps) {
  return async (db: Db, endpoint: Endpoint, req: FastifyRequest): Promise<void> => {
    const r: RuleRequest = { params: req.params, query: req.query, body: req.body, headers: req.headers };
    if (endpoint.outletRule) await checkOutlet(db, endpoint, r, req.staff as StaffUserRow);
    const rule = endpoint.jobRule;
    if (!rule) return;
    const declared = typeof rule.action === "function" ? rule.action(r) : rule.action;
    if (!declared) return;
    // A read of a job is decided on the action alone (ADR 0049): nothing is read for it.
    if (isJobRead(declared)) {
      const v = decideJobRead(declared);
      if (!v.allowed) throw refusal(v, declared, endpoint);
      return;
    }
    const action: JobAction = declared;
    // Bad input is answered first, field by field, by the service that validates it: a client
    // that fixes its field should not then meet a rule it was never told about.
    if (endpoint.serviceValidates && endpoint.body && !endpoint.body.safeParse(req.body).success) return;
    const resolved = await resolve(db, rule.target(r));
    if (!resolved) return;
    const staff = req.staff as StaffUserRow;
    const [actor, settings] = await Promise.all([loadActor(db, staff), deps.roleSettings(db)]);
    if (action === "manifest") {
      const regionId = await outletRegion(db, resolved.outletId!);
      if (regionId === null) return;
      const v = decideJobAction(action, { actor, job: null, settings, outletRegionId: regionId });
      if (!v.allowed) throw refusal(v, action, endpoint);
      return;
    }
    const jobs = await loadRuleJobs(db, resolved.orderIds);
    const key = rule.key ? header(rule.key(r) as string | string[] | undefined) : undefined;
    const named = ITEM_ACTIONS.includes(action) ? (resolved.items ?? []) : [];
    const items = await loadRuleItems(
      db,
      named.map((i) => i.id),
      resolved.lensOrderId,
    );
    const toStatusSlug = await movedToStatus(db, action, req.body);
    const paymentMinor = action === "take_payment" ? intentAmountMinor(req.body) : undefined;
    for (const job of jobs.values()) {
      const replay = await isReplay(
        db,
        action,
        job.id,
        typeof key === "string" ? key : undefined,
        resolved.lensOrderId,
      );
      const approvals =
        action === "refund"
          ? await deps.approvalsOf(db, {
              orderId: job.id,
              action: job.refundType === "void" ? "void" : "refund",
              requestedBy: staff.id,
            })
          : isCollectedStatus(toStatusSlug) && (job.balanceDueMinor ?? 0) > 0
            ? await deps.approvalsOf(db, { orderId: job.id, action: "collect", requestedBy: staff.id })
            : [];
      const money = await regionMoney(db, job.regionId);
      // A partial refund (it names where the money goes) is checked against the limit on its own amount.
      const body = req.body as { destination?: unknown } | null;
      const refundMinor =
        action === "refund" && body && typeof body === "object" && "destination" in body
          ? await partialRefundOf(db, job.id, job.refundType === "void", req.body)
          : undefined;
      const ofJob = named.filter((i) => i.orderId === job.id).map((i) => items.get(i.id) ?? null);
      // A batch is all or nothing: every item it names is decided, and the first refusal stops it.
      for (const item of ofJob.length ? ofJob : [null]) {
        const v = decideJobAction(
          action,
          { actor, job, item, settings, approvals, replay, refundMinor, toStatusSlug, paymentMinor },
          money,
        );
        if (!v.allowed) throw refusal(v, action, endpoint);
      }
    }
  };
}
