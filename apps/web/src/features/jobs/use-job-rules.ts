import {
  type OrderDetailWire,
  type OrderItemWire,
  type OrderWire,
  ruleItemFromWire,
  ruleJobFromWire,
} from "@loupe/contract";
import {
  currencyForCountry,
  decideJobAction,
  formatMoney,
  type JobAction,
  type RuleActor,
  type Verdict,
} from "@loupe/domain";
import { useCurrentOutlet, useCurrentUser, useRegions } from "../reference/use-reference-data";
import { useRoleSettings } from "../reference/use-role-settings";

export type DecideJob = (
  action: JobAction,
  job: OrderWire | OrderDetailWire,
  item?: OrderItemWire | null,
) => Verdict;

/** The signed-in staff member as the rulebook sees them: role, home region, where they work now. */
export function useRuleActor(): RuleActor | null {
  const { data: user } = useCurrentUser();
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  if (!user) return null;
  return {
    roleId: user.role_id,
    homeRegionId: user.home_region_id ?? null,
    outletCountryCode: regions.find((r) => r.id === outlet?.region_id)?.country_code ?? null,
  };
}

/** The rulebook's verdict on manifesting an outlet's day (about an outlet, not a job). */
export function useManifestRule(outletRegionId: number | undefined): Verdict {
  const actor = useRuleActor();
  const { settings } = useRoleSettings();
  if (!actor || outletRegionId === undefined)
    return { allowed: false, refusal: "who", reason: "Choose your location first.", hide: true };
  return decideJobAction("manifest", { actor, job: null, settings, outletRegionId });
}

/**
 * The rulebook for this screen (ADR 0025): the same `decideJobAction` the server checks, with the
 * facts of the job's answer. A control the verdict hides is not drawn; one it refuses is disabled
 * with the verdict's sentence as its tooltip.
 */
export function useJobRules(): DecideJob {
  const actor = useRuleActor();
  const { settings } = useRoleSettings();
  return (action, job, item) => {
    if (!actor) return { allowed: false, refusal: "who", reason: "Sign in again.", hide: true };
    const currency = currencyForCountry(job.origin_outlet.region.country_code);
    return decideJobAction(
      action,
      { actor, job: ruleJobFromWire(job), item: item ? ruleItemFromWire(item) : null, settings },
      (minor) => formatMoney(minor / 100, currency),
    );
  };
}
