import { Button, Group } from "@mantine/core";
import { useNavigate } from "react-router";
import { RuleGate } from "../jobs/components/rule-gate";
import { COUNTER_LABELS, type CounterMode, newCounterPath } from "./counter-paths";
import { useCounterRule } from "./use-counter-rule";

/** "New job" or "New quote" at the staff member's outlet, shown as the outlet rulebook says. */
export function CounterStartButton(props: {
  mode: CounterMode;
  customerId?: number | null;
  /** Who the button is for, for a screen reader among a list of rows ("New job for Ana Ngata"). */
  forName?: string;
  size?: "xs" | "sm" | "compact-xs";
  variant?: "filled" | "light" | "default";
}) {
  const navigate = useNavigate();
  const verdict = useCounterRule(props.mode);
  const label = COUNTER_LABELS[props.mode];
  return (
    <RuleGate verdict={verdict}>
      {(disabled) => (
        <Button
          size={props.size ?? "xs"}
          variant={props.variant ?? (props.mode === "job" ? "filled" : "light")}
          disabled={disabled}
          aria-label={props.forName ? `${label} for ${props.forName}` : undefined}
          onClick={() => navigate(newCounterPath(props.mode, props.customerId))}
        >
          {label}
        </Button>
      )}
    </RuleGate>
  );
}

/** Both starts side by side: a customer's row and profile, the jobs screen. */
export function CounterStartButtons(props: {
  customerId?: number | null;
  forName?: string;
  size?: "xs" | "sm" | "compact-xs";
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <CounterStartButton mode="job" {...props} />
      <CounterStartButton mode="quote" {...props} />
    </Group>
  );
}
