// The customer half of the rulebook (issue 46): who may bring a chain's records in, and who may
// merge two customers or undo a merge. An import writes thousands of health records at once and a
// merge moves one person's whole history onto another, so neither is everyday counter work.

import { ADMIN_ROLE_ID, MANAGER_ROLE_ID } from "./constants";
import { actsOnRegion, type RuleActor, type Verdict } from "./job-rulebook";

export const CUSTOMER_ACTIONS = [
  /** Read the possible-duplicates list (names, contacts, dates of birth side by side). */
  "find_duplicates",
  /** Merge two customers (both records' regions must be the actor's) or mark a pair as not duplicates. */
  "merge_customers",
  /** Undo a merge: administrators, within MERGE_UNDO_DAYS of it. */
  "undo_merge",
  /** Upload, map, dry-run, run, pause, undo and mark final an import; edit the shared presets. */
  "import_records",
] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/** How long an administrator may undo a merge. */
export const MERGE_UNDO_DAYS = 30;

export const CUSTOMER_RULE_MESSAGES = {
  managersOnly: "Only a manager or an administrator can do this.",
  adminsOnly: "Only an administrator can do this.",
  otherRegion:
    "This customer belongs to another region: only that region's managers or an administrator can merge it.",
  undoTooLate: `A merge can be undone only within ${MERGE_UNDO_DAYS} days of it.`,
} as const;

export interface CustomerRuleContext {
  actor: RuleActor;
  /** The regions of the customers acted on (a merge: both); null where a customer has none. */
  customerRegionIds?: (number | null)[];
  /** For undo_merge: when the merge was made, and now. */
  mergedAt?: Date;
  now?: Date;
}

const refuse = (reason: string, refusal: "who" | "state" = "who"): Verdict => ({
  allowed: false,
  refusal,
  reason,
  hide: refusal === "who",
});

export function decideCustomerAction(action: CustomerAction, ctx: CustomerRuleContext): Verdict {
  const { actor } = ctx;
  const isAdmin = actor.roleId === ADMIN_ROLE_ID;
  const isManager = actor.roleId === MANAGER_ROLE_ID;
  switch (action) {
    case "import_records":
      return isAdmin ? { allowed: true } : refuse(CUSTOMER_RULE_MESSAGES.adminsOnly);
    case "undo_merge": {
      if (!isAdmin) return refuse(CUSTOMER_RULE_MESSAGES.adminsOnly);
      if (ctx.mergedAt) {
        const now = ctx.now ?? new Date();
        if (now.getTime() - ctx.mergedAt.getTime() > MERGE_UNDO_DAYS * 86_400_000)
          return refuse(CUSTOMER_RULE_MESSAGES.undoTooLate, "state");
      }
      return { allowed: true };
    }
    case "find_duplicates":
    case "merge_customers": {
      if (!isAdmin && !isManager) return refuse(CUSTOMER_RULE_MESSAGES.managersOnly);
      for (const regionId of ctx.customerRegionIds ?? [])
        if (regionId !== null && !actsOnRegion(actor, regionId))
          return refuse(CUSTOMER_RULE_MESSAGES.otherRegion);
      return { allowed: true };
    }
  }
}
