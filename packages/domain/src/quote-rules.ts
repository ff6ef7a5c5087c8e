// The rulebook's quote half (issue 44, ADR 0058): making a quote or a job at an outlet, editing and
// accepting a quote, and a line discount above the role's limit. Who first (the outlet's region:
// staff and managers at their home region's outlets, administrators anywhere; the same as the
// outlet rules), then the quote's state, then the discount's approval. The server asks this
// before it writes; the counter screens ask it through RuleGate.

import { dayjs } from "./dates";
import { actsOnRegion, RULEBOOK_MESSAGES, type RuleActor, type Verdict } from "./job-rulebook";
import { type DiscountLimits, discountLimitPercent, discountNeedsApproval } from "./quote-pricing";

export const QUOTE_ACTIONS = [
  "create_quote",
  "edit_quote",
  "accept_quote",
  "create_job",
  "discount",
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

export const QUOTE_MESSAGES = {
  notOpen: (status: string) => `This quote is ${status}: only an open quote can be changed or accepted.`,
  expired: "This quote has expired: make a new quote to price it again.",
  noLines: "A quote needs at least one item to be accepted.",
  customerOrGuest: "Choose a customer or enter a guest's name with a mobile or an e-mail.",
  guestContact: "A guest needs a mobile or an e-mail.",
  retired: "This product is retired and cannot be sold.",
  productRegion: "This product is not sold in this outlet's region.",
  productMissing: "The selected region product id is invalid.",
  depositBelow: (minimum: string) => `The deposit must be at least ${minimum}.`,
  depositNotCard: "The deposit amount must be the card payment's amount.",
  depositAbove: (total: string) => `The deposit cannot be more than the job's total (${total}).`,
  noOutlet: "Choose your outlet first (the location selector): a quote is made at an outlet.",
  created: "Quote created successfully",
  saved: "Quote saved successfully",
  accepted: "Job created successfully",
  emailed: "Quote e-mailed successfully",
  conflict: "Someone else changed this quote; reload to see their changes.",
} as const;

export interface QuoteRuleFacts {
  status: "open" | "accepted" | "expired" | "cancelled";
  expiresAt: Date;
  lineCount: number;
}

export interface QuoteRuleContext {
  actor: RuleActor;
  /** The region of the outlet the quote or job is made at. */
  outletRegionId: number;
  quote?: QuoteRuleFacts;
  now?: Date;
  /** For "discount": the line's gross and discount in minor units, the limits, and whether a manager approved. */
  discount?: { grossMinor: number; discountMinor: number; limits: DiscountLimits; approved: boolean };
}

const ok: Verdict = { allowed: true };
const refuse = (refusal: "who" | "state" | "approval", reason: string): Verdict => ({
  allowed: false,
  refusal,
  reason,
  hide: false,
});

/** Whether a quote open in the table is past its expiry now (it then answers as expired). */
export const quoteIsExpired = (q: Pick<QuoteRuleFacts, "status" | "expiresAt">, now: Date) =>
  q.status === "open" && q.expiresAt.getTime() <= now.getTime();

export function decideQuoteAction(action: QuoteAction, ctx: QuoteRuleContext): Verdict {
  if (!actsOnRegion(ctx.actor, ctx.outletRegionId)) return refuse("who", RULEBOOK_MESSAGES.otherRegionOutlet);
  const now = ctx.now ?? new Date();
  if ((action === "edit_quote" || action === "accept_quote") && ctx.quote) {
    if (ctx.quote.status !== "open") return refuse("state", QUOTE_MESSAGES.notOpen(ctx.quote.status));
    if (quoteIsExpired(ctx.quote, now)) return refuse("state", QUOTE_MESSAGES.expired);
    if (action === "accept_quote" && ctx.quote.lineCount === 0)
      return refuse("state", QUOTE_MESSAGES.noLines);
  }
  if (action === "discount" && ctx.discount) {
    const d = ctx.discount;
    if (!d.approved && discountNeedsApproval(d.limits, ctx.actor.roleId, d.grossMinor, d.discountMinor))
      return refuse("approval", quoteDiscountApprovalMessage(d.limits, ctx.actor.roleId));
  }
  return ok;
}

export const quoteDiscountApprovalMessage = (limits: DiscountLimits, roleId: number) =>
  `A discount above ${discountLimitPercent(limits, roleId) ?? 100}% of the line needs a manager's approval.`;

/** When a quote made at `createdAt` expires: the end of the day `days` later on the outlet's clock. */
export const quoteExpiresAt = (createdAt: Date, timeZone: string, days: number): Date =>
  dayjs(createdAt).tz(timeZone).add(days, "day").endOf("day").toDate();
