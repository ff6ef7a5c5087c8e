import { decideCustomerAction, type Verdict } from "@loupe/domain";
import { useRuleActor } from "../jobs/use-job-rules";

const NOT_SIGNED_IN: Verdict = { allowed: false, refusal: "who", reason: "Sign in first.", hide: true };

/**
 * May the signed-in staff member import? The customer rulebook's `import_records`, the same
 * function the server checks every imports call with (administrators only): the area is hidden
 * from anyone it refuses.
 */
export function useImportRule(): Verdict {
  const actor = useRuleActor();
  return actor ? decideCustomerAction("import_records", { actor }) : NOT_SIGNED_IN;
}
