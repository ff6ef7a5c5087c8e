import {
  type CustomerAction,
  type CustomerRuleContext,
  decideCustomerAction,
  type Verdict,
} from "@loupe/domain";
import { useCallback } from "react";
import { useRuleActor } from "../jobs/use-job-rules";

export type DecideCustomer = (action: CustomerAction, facts?: Omit<CustomerRuleContext, "actor">) => Verdict;

// While the signed-in user loads, nothing is drawn and nothing is said: no sentence flashes by.
const NOT_LOADED: Verdict = { allowed: false, refusal: "who", reason: "", hide: true };

/**
 * The customer half of the rulebook as the server checks it (issue 46): a control the verdict hides
 * is not drawn, one it refuses is disabled with its sentence.
 */
export function useCustomerRule(): DecideCustomer {
  const actor = useRuleActor();
  const roleId = actor?.roleId;
  const homeRegionId = actor?.homeRegionId ?? null;
  const outletCountryCode = actor?.outletCountryCode ?? null;
  return useCallback(
    (action, facts = {}) =>
      roleId === undefined
        ? NOT_LOADED
        : decideCustomerAction(action, {
            ...facts,
            actor: { roleId, homeRegionId, outletCountryCode },
          }),
    [roleId, homeRegionId, outletCountryCode],
  );
}
