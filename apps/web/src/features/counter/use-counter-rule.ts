import { decideOutletAction, type Verdict } from "@loupe/domain";
import { useRuleActor } from "../jobs/use-job-rules";
import { useCurrentOutlet } from "../reference/use-reference-data";
import type { CounterMode } from "./counter-paths";

export const NO_OUTLET: Verdict = {
  allowed: false,
  refusal: "who",
  reason: "Choose your location first.",
  hide: false,
};

/**
 * Whether the signed-in staff member may start a job or a quote at the outlet they work at now: the
 * outlet rule the contract declares on POST /staff/jobs and POST /staff/quotes (`create_job`,
 * `create_quote`), the verdict the server gives. The outlet rulebook alone, so the customers list
 * and the jobs screen that show the buttons load none of the quote's rules.
 */
export function useCounterRule(mode: CounterMode): Verdict {
  const actor = useRuleActor();
  const outlet = useCurrentOutlet();
  if (!actor || !outlet) return NO_OUTLET;
  return decideOutletAction(mode === "job" ? "create_job" : "create_quote", {
    actor,
    outletRegionId: outlet.region_id,
  });
}
