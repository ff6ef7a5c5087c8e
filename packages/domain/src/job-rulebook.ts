// The rulebook (ADR 0025): what may happen to a job or an item, by whom, from which region. The
// server asks it once before every workshop action (403 for who, 409 for the job's state, with the
// sentence below) and the screens ask the same function to hide or disable each control. Nothing
// else decides; the spec's own rules (§6: shipping for AU staff only, Refund by is_refundable,
// Change customer for online or point-of-sale jobs) are rules here.

import { type ApprovalFacts, pickApproval } from "./approval-rules";
import { ADMIN_ROLE_ID, ONLINE_CHANNEL_ID, REFUNDED_QUANTITY } from "./constants";
import { IMPORTED_JOB_LOCKED } from "./import-rows";
import {
  CHANGE_CUSTOMER_CHANNEL,
  NOT_REFUNDABLE,
  REFUNDED_ITEM_LOCKED,
  REFUNDED_JOB_LOCKED,
} from "./job-action-rules";
import { JOB_MONEY_MESSAGES } from "./job-money";
import { LENS_ORDER_MESSAGES } from "./lens-order-messages";
import { PRESCRIPTION_REENTRY_MESSAGES } from "./prescription-reentry";
import {
  approvalLimitMinor,
  approvalRequiredMessage,
  mayApprove,
  needsApproval,
  type RoleGuardedAction,
  type RoleSettings,
  roleMay,
} from "./role-settings";
import { shippingMessages } from "./shipping-messages";
import { isDisplayOnlyStatus } from "./status-rules";

export const JOB_ACTIONS = [
  "job_status",
  "item_status",
  "item_outlet",
  "priority",
  "refund",
  "receipt_email",
  "change_customer",
  "link",
  "receipt_note",
  "print_tray_label",
  "print_docket",
  "job_edit",
  "order_lenses",
  "cancel_lens_order",
  "update_lens_order",
  "ship_aupost",
  "ship_sendle",
  "ship_manual",
  "cancel_shipment",
  "manifest",
  // Issue 52: the job's messages, links, promise, notes and call-list entries are the job's region's too.
  "cancel_message",
  "revoke_status_link",
  "revoke_receipt_link",
  "promised_date",
  "send_message",
  "job_note",
  "call_list_done",
  "take_payment",
  "request_approval",
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/**
 * Reads of a job. Every region's staff may read every region's jobs: the spec's jobs list offers
 * "All Countries", and a customer served in two countries has one history (ADR 0049). Declared in
 * the contract all the same, so that changing this is one line here.
 */
export const JOB_READS = ["view_job"] as const;
export type JobRead = (typeof JOB_READS)[number];

/** A read of a job decided on the action alone: no fact of the job is read for it. */
export const decideJobRead = (_read: JobRead): Verdict => ok;

/** Actions on one item of a job: their facts include the item. */
export const ITEM_ACTIONS: readonly JobAction[] = [
  "item_status",
  "item_outlet",
  "job_edit",
  "order_lenses",
  "cancel_lens_order",
  "update_lens_order",
];

/** The signed-in staff member as the rulebook sees them. */
export interface RuleActor {
  roleId: number;
  /** The region the staff member belongs to (their home region); null only for administrators. */
  homeRegionId: number | null;
  /** Country code of the region of the outlet they work at now (spec §6: "users whose outlet region"). */
  outletCountryCode: string | null;
}

export interface RuleJob {
  id: number;
  /** The job's region (its origin outlet's) and that region's country code. */
  regionId: number;
  countryCode: string;
  statusSlug: string;
  channelId: number;
  isPointOfSale: boolean;
  refunded: boolean;
  voided: boolean;
  isRefundable: boolean;
  refundType: "void" | "refund" | null;
  /** What a full refund or void would return now, in minor units. */
  refundableMinor: number;
  /** A shipment is booked and not cancelled. */
  shipped: boolean;
  /** That shipment can still be cancelled (not manifested, not on its way). */
  shipmentCancellable: boolean;
  /**
   * What the customer still owes, in minor units (issue 44): none on a closed job. Absent: read
   * as nothing owed (facts from before balances).
   */
  balanceDueMinor?: number;
  /**
   * The job came in from another system's files (issue 46): it is history, read-only. Absent: a
   * job made in Loupe.
   */
  imported?: boolean;
}

export interface RuleItem {
  id: number;
  quantity: number;
  statusSlug: string;
  /** The item's latest lens order, or null. `open` stops a new order (§4). */
  lensOrder: { open: boolean; canCancel: boolean; statusLabel: string } | null;
  /** The job's customer changed after this item's selection was saved: it must be saved again. */
  reentryRequired: boolean;
}

export interface RuleContext {
  actor: RuleActor;
  /** Null only for `manifest`, which is about an outlet, not a job. */
  job: RuleJob | null;
  item?: RuleItem | null;
  settings: RoleSettings;
  /**
   * The actor's approvals of this action on this job (refunds above the limit): one counts when it
   * is unused, unexpired, for at least the amount, and its approver may approve (ADR 0049).
   */
  approvals?: readonly ApprovalFacts<RuleActor>[];
  /** The time approvals are checked against; now when absent. */
  now?: Date;
  /** `manifest`: the outlet's region. */
  outletRegionId?: number;
  /**
   * `refund`: what this refund returns when it is partial (ADR 0033); the limit is checked on it.
   * Absent: a full refund, what the job has left (`job.refundableMinor`).
   */
  refundMinor?: number;
  /**
   * `job_status`, `item_status`: the status the job or its items move to. Collecting a job (or an
   * item) with a balance due needs a manager (issue 44); absent, only the job's state is decided.
   */
  toStatusSlug?: string;
  /** `take_payment`: the amount asked for, in minor units, when the call names it (a card intent). */
  paymentMinor?: number;
  /**
   * The call retries one that went through (its idempotency key is known, or the thing is cancelled
   * already): the service answers the first result, so only who may call is checked.
   */
  replay?: boolean;
}

/** who → 403; state → 409; approval → 403 `approval_required`; missing → 404 (nothing to act on). */
export type Refusal = "who" | "state" | "approval" | "missing";

export type Verdict =
  | { allowed: true }
  | {
      allowed: false;
      refusal: Refusal;
      reason: string;
      /** The screen hides the control instead of disabling it (the spec's "only when…" rules). */
      hide: boolean;
    };

export const RULEBOOK_MESSAGES = {
  otherRegion:
    "This job belongs to another region: only that region's staff or an administrator can do this.",
  otherRegionOutlet:
    "This outlet belongs to another region: only that region's staff or an administrator can do this.",
  imported: IMPORTED_JOB_LOCKED,
  cancelledJob: "A cancelled job's status cannot be changed.",
  cancelledJobItems: "This job is cancelled: its items cannot change.",
  closedItems: "This job is refunded or voided: its items cannot move to another outlet.",
  closedEdit: "A refunded, voided or cancelled job cannot be edited.",
  closedShip: "A refunded, voided or cancelled job cannot be shipped.",
  closedLensOrder: "A refunded, voided or cancelled job cannot have lenses ordered.",
  closedCustomer: "A refunded, voided or cancelled job cannot change customer.",
  refundedItemEdit: "A refunded item cannot be edited.",
  refundedItemLenses: "Lenses cannot be ordered for a refunded item.",
  lensesOnOrder: LENS_ORDER_MESSAGES.alreadyOrdered,
  lensOrderNotCancellable: LENS_ORDER_MESSAGES.notCancellable,
  noLensOrderToCancel: "This item has no lens order that can still be cancelled.",
  reentry: PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused,
  notAustralian: shippingMessages.notAustralian,
  notCanadian: "Tracking is entered by hand for Canadian outlets only.",
  notCanadianJob: "Tracking is entered by hand for Canadian jobs only.",
  alreadyShipped: shippingMessages.alreadyShipped,
  noShipment: "This job has no shipment.",
  role: (what: string) => `Your role cannot ${what}. Ask a manager or an administrator.`,
  approval: (what: "refund" | "void", limit: string | null) =>
    limit === null
      ? `Your role cannot ${what} on its own: a manager must approve it.`
      : approvalRequiredMessage(limit, what),
} as const;

const ROLE_WORDS: Record<RoleGuardedAction, string> = {
  refund: "refund jobs",
  void: "void jobs",
  cancel_shipment: "cancel shipments",
  change_customer: "change a job's customer",
};

const ok: Verdict = { allowed: true };

/** Actions that only print what the job holds: an imported job allows them. */
const READS_OF_A_JOB: readonly JobAction[] = ["print_tray_label", "print_docket"];
const refuse = (refusal: Refusal, reason: string, hide = false): Verdict => ({
  allowed: false,
  refusal,
  reason,
  hide,
});

/**
 * The statuses that hand the job over to the customer (jobs-area §4's green group past the
 * workshop): a job or item moved to one with a balance due needs a manager's approval (issue 44).
 */
export const COLLECTED_STATUS_SLUGS: readonly string[] = ["collected-by-customer", "completed"];
export const isCollectedStatus = (slug: string | null | undefined) =>
  !!slug && COLLECTED_STATUS_SLUGS.includes(slug);

/**
 * Collecting with a balance due: managers and administrators hand it over on their own word; staff
 * need a manager's approval of this job for at least the balance, once (ADR 0057).
 */
function collectVerdict(ctx: RuleContext, job: RuleJob, formatMinor?: (minor: number) => string): Verdict {
  const balance = job.balanceDueMinor ?? 0;
  if (!isCollectedStatus(ctx.toStatusSlug) || balance <= 0 || mayApprove(ctx.actor.roleId)) return ok;
  const fmt = formatMinor ?? ((m: number) => (m / 100).toFixed(2));
  const picked = pickApproval(ctx.approvals ?? [], balance, "collect", ctx.now ?? new Date(), fmt);
  if (picked && "reason" in picked) return refuse("approval", picked.reason);
  const a = picked?.approval.approver;
  if (!a || !mayApprove(a.roleId) || !actsOnRegion(a, job.regionId))
    return refuse("approval", JOB_MONEY_MESSAGES.collectWithBalance(fmt(balance)));
  return ok;
}

export const isClosedJob = (job: RuleJob) =>
  job.refunded || job.voided || job.statusSlug === "cancelled" || isDisplayOnlyStatus(job.statusSlug);

/** Staff and managers act on their own region's jobs; administrators on every region's. */
export const actsOnRegion = (actor: RuleActor, regionId: number) =>
  actor.roleId === ADMIN_ROLE_ID || (actor.homeRegionId !== null && actor.homeRegionId === regionId);

/** Which role setting a refund call falls under: the job's own refund type. */
export const refundKind = (job: RuleJob): "refund" | "void" =>
  job.refundType === "void" ? "void" : "refund";

/** An approver counts when their role may approve, the setting allows them, and the region is theirs. */
function approverCounts(ctx: RuleContext, a: RuleActor, kind: RoleGuardedAction, regionId: number): boolean {
  return mayApprove(a.roleId) && roleMay(ctx.settings, kind, a.roleId) && actsOnRegion(a, regionId);
}

/**
 * Whether the refund or void needs a manager: the role may not do it at all, or the amount is above
 * the region's limit and the actor is not a manager or administrator.
 */
export function refundNeedsApproval(
  actor: RuleActor,
  job: RuleJob,
  settings: RoleSettings,
  formatMinor: (minor: number) => string = (m) => (m / 100).toFixed(2),
  amountMinor: number = job.refundableMinor,
): string | null {
  const kind = refundKind(job);
  if (!roleMay(settings, kind, actor.roleId)) return RULEBOOK_MESSAGES.approval(kind, null);
  if (!needsApproval(settings, job.regionId, actor.roleId, amountMinor)) return null;
  return RULEBOOK_MESSAGES.approval(kind, formatMinor(approvalLimitMinor(settings, job.regionId) ?? 0));
}

function roleRule(ctx: RuleContext, action: RoleGuardedAction): Verdict {
  return roleMay(ctx.settings, action, ctx.actor.roleId)
    ? ok
    : refuse("who", RULEBOOK_MESSAGES.role(ROLE_WORDS[action]));
}

/**
 * The one decision. `formatMinor` writes an approval limit in the region's money (the web passes
 * Intl's formatter; the server the same through the region's currency).
 */
export function decideJobAction(
  action: JobAction,
  ctx: RuleContext,
  formatMinor?: (minor: number) => string,
): Verdict {
  const { actor, job } = ctx;
  if (action === "manifest") {
    if (actor.outletCountryCode !== "AU") return refuse("who", RULEBOOK_MESSAGES.notAustralian, true);
    if (ctx.outletRegionId !== undefined && !actsOnRegion(actor, ctx.outletRegionId))
      return refuse("who", RULEBOOK_MESSAGES.otherRegionOutlet);
    return ok;
  }
  if (!job) return refuse("state", "No job.");
  // Who before state (issue 52): whoever may not act at all hears that, never the job's state, and
  // a control the state would hide stays hidden for them too.
  const who = whoRefusal(action, ctx);
  const state = stateVerdict(action, ctx, job, formatMinor);
  if (!who || who.allowed) return state;
  return state.allowed ? who : { ...who, hide: who.hide || state.hide };
}

/**
 * Who may act, on the actor, the job's region and the role settings alone: never the job's state.
 * The spec's country rules first (§6), then the region, then the role settings.
 */
function whoRefusal(action: JobAction, ctx: RuleContext): Verdict | null {
  const { actor, job } = ctx;
  if ((action === "ship_aupost" || action === "ship_sendle") && actor.outletCountryCode !== "AU")
    return refuse("who", RULEBOOK_MESSAGES.notAustralian, true);
  if (action === "ship_manual" && actor.outletCountryCode !== "CA")
    return refuse("who", RULEBOOK_MESSAGES.notCanadian, true);
  if (job && !actsOnRegion(actor, job.regionId)) return refuse("who", RULEBOOK_MESSAGES.otherRegion);
  if (action === "change_customer" || action === "cancel_shipment") {
    const v = roleRule(ctx, action);
    if (!v.allowed) return v;
  }
  return null;
}

/** What the job's (and item's) state allows, once who may act is settled. */
function stateVerdict(
  action: JobAction,
  ctx: RuleContext,
  job: RuleJob,
  formatMinor?: (minor: number) => string,
): Verdict {
  const { actor, item } = ctx;
  // An imported job is another system's history: nothing about it changes in Loupe, money least of
  // all (its payments and refunds were settled there). Printing it changes nothing.
  if (job.imported && !READS_OF_A_JOB.includes(action)) return refuse("state", RULEBOOK_MESSAGES.imported);
  if (action === "change_customer" && !(job.channelId === ONLINE_CHANNEL_ID || job.isPointOfSale))
    return refuse("state", CHANGE_CUSTOMER_CHANNEL, true);
  if (action === "refund" && !job.isRefundable && !ctx.replay) return refuse("state", NOT_REFUNDABLE, true);
  if (action === "ship_manual" && job.countryCode !== "CA")
    return refuse("state", RULEBOOK_MESSAGES.notCanadianJob, true);
  if (ctx.replay) return ok;
  const closed = isClosedJob(job);
  const cancelled = job.statusSlug === "cancelled";
  const itemRefunded = !!item && item.quantity === REFUNDED_QUANTITY;
  switch (action) {
    case "job_status":
      if (cancelled) return refuse("state", RULEBOOK_MESSAGES.cancelledJob);
      if (isDisplayOnlyStatus(job.statusSlug) || job.refunded || job.voided)
        return refuse("state", REFUNDED_JOB_LOCKED);
      return collectVerdict(ctx, job, formatMinor);
    case "item_status":
      if (cancelled) return refuse("state", RULEBOOK_MESSAGES.cancelledJobItems);
      if (itemRefunded) return refuse("state", REFUNDED_ITEM_LOCKED);
      return collectVerdict(ctx, job, formatMinor);
    // Money toward a job that is still open and still owes (issue 44); more than the balance is
    // refused before a card is charged for it.
    case "take_payment": {
      if (closed) return refuse("state", JOB_MONEY_MESSAGES.closed);
      const balance = job.balanceDueMinor ?? 0;
      if (balance <= 0) return refuse("state", JOB_MONEY_MESSAGES.nothingOwed);
      if (ctx.paymentMinor !== undefined && ctx.paymentMinor > balance)
        return refuse(
          "state",
          JOB_MONEY_MESSAGES.overBalance((formatMinor ?? ((m: number) => (m / 100).toFixed(2)))(balance)),
        );
      return ok;
    }
    // Moving a closed job's items to another outlet would send the workshop work that is not wanted.
    case "item_outlet":
      if (cancelled) return refuse("state", RULEBOOK_MESSAGES.cancelledJobItems);
      if (closed) return refuse("state", RULEBOOK_MESSAGES.closedItems);
      return ok;
    case "refund": {
      const kind = refundKind(job);
      const amount = ctx.refundMinor ?? job.refundableMinor;
      const needs = refundNeedsApproval(actor, job, ctx.settings, formatMinor, amount);
      if (!needs) return ok;
      const picked = pickApproval(ctx.approvals ?? [], amount, kind, ctx.now ?? new Date(), formatMinor);
      if (picked && "reason" in picked) return refuse("approval", picked.reason);
      if (!picked || !approverCounts(ctx, picked.approval.approver, kind, job.regionId))
        return refuse("approval", needs);
      return ok;
    }
    case "change_customer":
      if (closed) return refuse("state", RULEBOOK_MESSAGES.closedCustomer);
      return ok;
    // Priority is a flag for the workshop's queue: harmless on any job, so any state may set it.
    case "priority":
    case "receipt_email":
    case "link":
    case "receipt_note":
    case "print_tray_label":
    case "print_docket":
    // A lab's report or a correction is recorded whatever the job became; the service refuses moves backwards.
    case "update_lens_order":
    // Messages, links, notes and the call list follow the job whatever it became (the services
    // answer a message already sent, a note's version); a closed job's promise is history, but
    // correcting it harms nothing.
    case "cancel_message":
    case "revoke_status_link":
    case "revoke_receipt_link":
    case "promised_date":
    case "send_message":
    case "job_note":
    case "call_list_done":
    // Asking a manager to approve a refund or a collection follows the job too; the thing itself
    // is decided on its own rule when it comes.
    case "request_approval":
    // About an outlet, decided in `decideJobAction` before any job.
    case "manifest":
      return ok;
    case "job_edit":
      if (closed) return refuse("state", RULEBOOK_MESSAGES.closedEdit);
      if (itemRefunded) return refuse("state", RULEBOOK_MESSAGES.refundedItemEdit);
      return ok;
    case "order_lenses":
      if (closed) return refuse("state", RULEBOOK_MESSAGES.closedLensOrder);
      if (itemRefunded) return refuse("state", RULEBOOK_MESSAGES.refundedItemLenses);
      if (item?.lensOrder?.open)
        return refuse("state", RULEBOOK_MESSAGES.lensesOnOrder(item.lensOrder.statusLabel));
      if (item?.reentryRequired) return refuse("state", RULEBOOK_MESSAGES.reentry);
      return ok;
    case "cancel_lens_order":
      if (!item?.lensOrder) return refuse("missing", RULEBOOK_MESSAGES.noLensOrderToCancel, true);
      if (!item.lensOrder.canCancel)
        return refuse("state", RULEBOOK_MESSAGES.lensOrderNotCancellable(item.lensOrder.statusLabel), true);
      return ok;
    case "ship_aupost":
    case "ship_sendle":
    case "ship_manual":
      // The spec offers shipping "only when the order has no shipment": a shipped job hides it,
      // closed or not (issue 52), before a closed job's greyed refusal.
      if (job.shipped) return refuse("state", RULEBOOK_MESSAGES.alreadyShipped, true);
      if (closed) return refuse("state", RULEBOOK_MESSAGES.closedShip);
      return ok;
    case "cancel_shipment":
      if (!job.shipped) return refuse("missing", RULEBOOK_MESSAGES.noShipment, true);
      if (!job.shipmentCancellable) return refuse("state", shippingMessages.notCancellable, true);
      return ok;
  }
}
