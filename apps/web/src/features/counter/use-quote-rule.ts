import type { QuoteWire } from "@loupe/contract";
import { decideQuoteAction, type QuoteAction, type Verdict } from "@loupe/domain";
import { useRuleActor } from "../jobs/use-job-rules";
import { NO_OUTLET } from "./use-counter-rule";

/** The quote rulebook on an open quote: editing it or accepting it, by its outlet, state and expiry. */
export function useQuoteRule(
  action: Extract<QuoteAction, "edit_quote" | "accept_quote">,
  quote: QuoteWire | null,
): Verdict {
  const actor = useRuleActor();
  if (!actor) return NO_OUTLET;
  if (!quote) return { allowed: true };
  return decideQuoteAction(action, {
    actor,
    outletRegionId: quote.outlet.region_id,
    quote: { status: quote.status, expiresAt: new Date(quote.expires_at), lineCount: quote.lines.length },
  });
}
