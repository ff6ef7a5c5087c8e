import { decideIntakeAction, type IntakeAction, type Verdict } from "@loupe/domain";
import { useCallback } from "react";
import { useRuleActor } from "../jobs/use-job-rules";
import { W } from "./intake-words";

export type DecideIntake = (action: IntakeAction, regionId: number | null) => Verdict;

const NOT_SIGNED_IN: Verdict = { allowed: false, refusal: "who", reason: W.signInFirst, hide: true };

/**
 * The intake half of the rulebook as the server checks it on each call (`intakeRule` of the
 * contract): a control the verdict hides is not drawn, one it refuses is disabled with its sentence.
 */
export function useIntakeRule(): DecideIntake {
  const actor = useRuleActor();
  const roleId = actor?.roleId;
  const homeRegionId = actor?.homeRegionId ?? null;
  const outletCountryCode = actor?.outletCountryCode ?? null;
  return useCallback(
    (action, regionId) =>
      roleId === undefined
        ? NOT_SIGNED_IN
        : decideIntakeAction(action, { actor: { roleId, homeRegionId, outletCountryCode }, regionId }),
    [roleId, homeRegionId, outletCountryCode],
  );
}
