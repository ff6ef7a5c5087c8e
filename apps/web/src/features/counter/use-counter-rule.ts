import { decideOutletAction, type Verdict } from "@loupe/domain";
import { useRuleActor } from "../jobs/use-job-rules";
import { useCurrentOutlet } from "../reference/use-reference-data";
import type { CounterMode } from "./counter-paths";

/**
 * Whether the signed-in staff member may start a job or a quote at the outlet they work at now: the
 * outlet rulebook's `create_job` / `create_quote`, the same verdict the server's `outletRule` gives.
 */
export function useCounterRule(mode: CounterMode): Verdict {
  const actor = useRuleActor();
  const outlet = useCurrentOutlet();
  if (!actor || !outlet)
    return { allowed: false, refusal: "who", reason: "Choose your location first.", hide: false };
  return decideOutletAction(mode === "job" ? "create_job" : "create_quote", {
    actor,
    outletRegionId: outlet.region_id,
  });
}
