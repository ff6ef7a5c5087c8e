// What one manager's approval lets through (issue 52, ADR 0049): one refund or void (the action) of
// one job (the target), of at most the amount the manager saw, by the staff member who asked, once,
// within APPROVAL_TTL_MINUTES. The server's rulebook check and the refund's claim (under the job's
// lock, where two requests race for the same approval) both ask `pickApproval`.

import { APPROVAL_WORDS, type ApprovalAction } from "./role-settings";

/** One approval as the rules see it; the query already limits it to this job, action and requester. */
export interface ApprovalFacts<A = unknown> {
  id: number;
  /** The most the approval lets through, in minor units (what the manager was shown). */
  amountMinor: number;
  /** A refund already used it. */
  used: boolean;
  expiresAt: Date;
  createdAt: Date;
  /** Whoever approved, as the caller needs them (the rulebook: a RuleActor). */
  approver: A;
}

export const APPROVAL_MESSAGES = {
  used: (what: ApprovalAction) =>
    `That approval was used for an earlier ${APPROVAL_WORDS[what]}: a manager must approve this ${APPROVAL_WORDS[what]} again.`,
  expired: (what: ApprovalAction) =>
    `The manager's approval has expired: a manager must approve this ${APPROVAL_WORDS[what]} again.`,
  amount: (what: ApprovalAction, approved: string, asked: string) =>
    what === "collect"
      ? `The manager approved collecting with ${approved} due, not ${asked}: a manager must approve this amount.`
      : `The manager approved a ${what} of ${approved}, not ${asked}: a manager must approve this amount.`,
  amountInvalid: "The amount minor field must be a whole number of cents above 0.",
  amountAboveRefundable: (left: string) => `The amount cannot be more than what is left to refund (${left}).`,
} as const;

export type ApprovalPick<A> = { approval: ApprovalFacts<A> } | { reason: string } | null;

/**
 * The approval that lets `amountMinor` through now: the newest one not used, not expired and for at
 * least that amount. None: why the newest approval does not (used, expired, a smaller amount), or
 * null when the staff member has none for this job and action.
 */
export function pickApproval<A>(
  approvals: readonly ApprovalFacts<A>[],
  amountMinor: number,
  what: ApprovalAction,
  now: Date,
  formatMinor: (minor: number) => string = (m) => (m / 100).toFixed(2),
): ApprovalPick<A> {
  const newest = [...approvals].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const live = newest.find((a) => !a.used && a.expiresAt > now && a.amountMinor >= amountMinor);
  if (live) return { approval: live };
  const latest = newest[0];
  if (!latest) return null;
  if (latest.used) return { reason: APPROVAL_MESSAGES.used(what) };
  if (latest.expiresAt <= now) return { reason: APPROVAL_MESSAGES.expired(what) };
  return {
    reason: APPROVAL_MESSAGES.amount(what, formatMinor(latest.amountMinor), formatMinor(amountMinor)),
  };
}
