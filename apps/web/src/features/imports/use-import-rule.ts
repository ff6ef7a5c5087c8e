import { decideCustomerAction, type Verdict } from "@loupe/domain";
import { useCurrentUser } from "../reference/use-reference-data";

const NOT_SIGNED_IN: Verdict = { allowed: false, refusal: "who", reason: "Sign in first.", hide: true };

/**
 * May the signed-in staff member import? The customer rulebook's `import_records`, the same
 * function the server checks every imports call with (administrators only): the area is hidden
 * from anyone it refuses. It asks only the role, so the actor is built from the user alone (the
 * Settings page links the area without loading the jobs' rule helpers).
 */
export function useImportRule(): Verdict {
  const { data: user } = useCurrentUser();
  if (!user) return NOT_SIGNED_IN;
  return decideCustomerAction("import_records", {
    actor: { roleId: user.role_id, homeRegionId: user.home_region_id ?? null, outletCountryCode: null },
  });
}
