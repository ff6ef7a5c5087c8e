// The outlet half of the rulebook (issue 52, ADR 0049): what staff may read or change of an outlet,
// by the outlet's region. An outlet's day (its call list with customers' names and mobiles, its
// workshop day, its till takings, its recall calls and letters) is its own region's business;
// staff and managers see their home region's outlets, administrators every outlet. The outlet's
// reference facts (name, address, hours) are every region's to read: a job moves between outlets.

import { actsOnRegion, RULEBOOK_MESSAGES, type RuleActor, type Verdict } from "./job-rulebook";

export const OUTLET_ACTIONS = [
  /** Read what an outlet's day holds: call list, outlet day, till summary, recalls to call, letters. */
  "outlet_day",
  /** Change an outlet's workshop settings, holidays, opening hours or time zone. */
  "outlet_settings",
  /** Read an outlet's reference facts. */
  "view_outlet",
  /** Make a quote at an outlet (issue 44): the outlet's region's staff. */
  "create_quote",
  /** Make a job at an outlet, from a quote or directly at the counter (issue 44). */
  "create_job",
] as const;
export type OutletAction = (typeof OUTLET_ACTIONS)[number];

export interface OutletRuleContext {
  actor: RuleActor;
  /** The outlet's region. */
  outletRegionId: number;
}

/** Who may do `action` at an outlet; nothing here depends on the outlet's state. */
export function decideOutletAction(action: OutletAction, ctx: OutletRuleContext): Verdict {
  if (action === "view_outlet") return { allowed: true };
  if (!actsOnRegion(ctx.actor, ctx.outletRegionId))
    return { allowed: false, refusal: "who", reason: RULEBOOK_MESSAGES.otherRegionOutlet, hide: true };
  return { allowed: true };
}
