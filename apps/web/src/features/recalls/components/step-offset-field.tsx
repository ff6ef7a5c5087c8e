import { Group, NumberInput, Select } from "@mantine/core";
import { useState } from "react";

type When = "before" | "on" | "after";

const whenOf = (offset: number): When => (offset < 0 ? "before" : offset > 0 ? "after" : "on");

/**
 * A step's days from the due date as staff say it: "14 days before", "on the day", "30 days after".
 * The value is the domain's signed `offset_days` (negative before); a cleared count is kept as NaN
 * so the schema names it rather than it silently becoming "on the day".
 */
export function StepOffsetField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number;
  onChange: (offset: number) => void;
  error?: string;
}) {
  // Kept apart from the value: a cleared count (NaN) must not turn "before" into "on the day".
  const [chosen, setChosen] = useState<When>(whenOf(value));
  const when = Number.isNaN(value) ? chosen : whenOf(value);
  const days = Number.isNaN(value) ? "" : Math.abs(value);
  const signed = (n: number, w: When) => (w === "before" ? -n : w === "after" ? n : 0);
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <NumberInput
        label="Days"
        aria-label={`${label} days`}
        w={80}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        disabled={when === "on"}
        value={when === "on" ? "" : days}
        onChange={(v) => {
          setChosen(when);
          onChange(v === "" ? Number.NaN : signed(Number(v), when));
        }}
        error={error}
      />
      <Select
        label="When"
        aria-label={`${label} when`}
        w={120}
        allowDeselect={false}
        data={[
          { value: "before", label: "before" },
          { value: "on", label: "on the day" },
          { value: "after", label: "after" },
        ]}
        value={when}
        onChange={(v) => {
          const w = (v ?? "on") as When;
          setChosen(w);
          // Switching away from "on the day" starts at a week, so the step moves visibly.
          const n = Number.isNaN(value) || value === 0 ? 7 : Math.abs(value);
          onChange(signed(n, w));
        }}
      />
    </Group>
  );
}
