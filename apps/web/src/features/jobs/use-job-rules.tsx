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
import { createContext, type ReactNode, useContext, useMemo } from "react";
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
  // The same function until the facts change: a table hands it to its rows (JobRulesProvider),
  // and a new one on every table render would redraw every row's controls.
  const roleId = actor?.roleId;
  const homeRegionId = actor?.homeRegionId ?? null;
  const outletCountryCode = actor?.outletCountryCode ?? null;
  return useMemo<DecideJob>(
    () => (action, job, item) => {
      if (roleId === undefined)
        return { allowed: false, refusal: "who", reason: "Sign in again.", hide: true };
      const currency = currencyForCountry(job.origin_outlet.region.country_code);
      return decideJobAction(
        action,
        {
          actor: { roleId, homeRegionId, outletCountryCode },
          job: ruleJobFromWire(job),
          item: item ? ruleItemFromWire(item) : null,
          settings,
        },
        (minor) => formatMoney(minor / 100, currency),
      );
    },
    [roleId, homeRegionId, outletCountryCode, settings],
  );
}

const TableRules = createContext<DecideJob | null>(null);

/**
 * The rulebook asked once for a table's rows: each row's priority switch and status select read
 * it here instead of asking for the user, the outlet, the regions and the role settings
 * themselves (five queries a control, 150 on a page of jobs: issue 31, the redraw after Apply
 * Filters).
 */
export function JobRulesProvider({ children }: { children: ReactNode }) {
  return <TableRules.Provider value={useJobRules()}>{children}</TableRules.Provider>;
}

/** The rulebook of the table this control is drawn in (JobRulesProvider). */
export function useTableJobRules(): DecideJob {
  const decide = useContext(TableRules);
  if (!decide) throw new Error("useTableJobRules: draw the control inside a JobRulesProvider");
  return decide;
}
