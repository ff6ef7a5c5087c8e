import type { QuoteWire } from "@loupe/contract";
import { decideQuoteAction, type QuoteAction, type Verdict } from "@loupe/domain";
import { useRuleActor } from "../jobs/use-job-rules";
import { useCurrentOutlet } from "../reference/use-reference-data";
import type { CounterMode } from "./counter-paths";

const NO_OUTLET: Verdict = {
  allowed: false,
  refusal: "who",
  reason: "Choose your location first.",
  hide: false,
};

/**
 * Whether the signed-in staff member may start a job or a quote at the outlet they work at now: the
 * quote rulebook's `create_job` / `create_quote`, the verdict the server's `outletRule` gives too.
 */
export function useCounterRule(mode: CounterMode): Verdict {
  const actor = useRuleActor();
  const outlet = useCurrentOutlet();
  if (!actor || !outlet) return NO_OUTLET;
  return decideQuoteAction(mode === "job" ? "create_job" : "create_quote", {
    actor,
    outletRegionId: outlet.region_id,
  });
}

/** The rulebook on an open quote: editing it or accepting it, by its outlet, state and expiry. */
export function useQuoteRule(
  action: Extract<QuoteAction, "edit_quote" | "accept_quote">,
  quote: QuoteWire | null,
) {
  const actor = useRuleActor();
  if (!actor) return NO_OUTLET;
  if (!quote) return { allowed: true } as Verdict;
  return decideQuoteAction(action, {
    actor,
    outletRegionId: quote.outlet.region_id,
    quote: { status: quote.status, expiresAt: new Date(quote.expires_at), lineCount: quote.lines.length },
  });
}
