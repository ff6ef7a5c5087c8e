import type { Verdict } from "@loupe/domain";
import type { ReactNode } from "react";
import { LazyTooltip as Tooltip } from "../../../components/lazy-tooltip";

/**
 * A control as the rulebook allows it (ADR 0025): not drawn when the verdict hides it, disabled
 * with the verdict's sentence as tooltip when it refuses, as usual otherwise. A call a manager can
 * approve stays enabled: the staff member starts it and the manager approves it on the same screen.
 */
export function RuleGate({
  verdict,
  children,
}: {
  verdict: Verdict;
  children: (disabled: boolean) => ReactNode;
}) {
  if (verdict.allowed || verdict.refusal === "approval") return <>{children(false)}</>;
  if (verdict.hide) return null;
  return (
    <Tooltip label={verdict.reason} multiline w={300} withArrow>
      <span data-testid="rule-refused" data-reason={verdict.reason} style={{ display: "inline-block" }}>
        {children(true)}
      </span>
    </Tooltip>
  );
}

/** The verdict's sentence for a disabled control without a tooltip of its own (a menu item). */
export const refusalText = (verdict: Verdict) =>
  verdict.allowed || verdict.refusal === "approval" ? null : verdict.reason;
