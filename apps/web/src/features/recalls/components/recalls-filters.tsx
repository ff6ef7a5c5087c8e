import { RECALL_LIST_STATES } from "@loupe/contract";
import { RECALL_OUTCOME_LABELS, RECALL_OUTCOMES } from "@loupe/domain";
import { Group, SegmentedControl, Select } from "@mantine/core";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { useOutlets } from "../../reference/use-reference-data";
import { type RecallsFilter, useRecallTypes } from "../api";
import { STATE_LABELS } from "../recall-words";

/** The recalls list's filters: outlet, type, state, outcome and a due-date range (day first). */
export function RecallsFilters({
  filter,
  onChange,
}: {
  filter: RecallsFilter;
  onChange: (next: Partial<RecallsFilter>) => void;
}) {
  const { data: outlets = [] } = useOutlets();
  const { data: types = [] } = useRecallTypes();
  return (
    <Group gap="xs" align="flex-end" mb="sm" data-testid="recalls-filters">
      <SegmentedControl
        aria-label="Which recalls"
        size="xs"
        value={filter.state}
        onChange={(v) => onChange({ state: v as RecallsFilter["state"] })}
        data={RECALL_LIST_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
      />
      <Select
        label="Outlet"
        size="xs"
        w={170}
        clearable
        searchable
        placeholder="All outlets"
        data={outlets.map((o) => ({ value: String(o.id), label: o.name }))}
        value={filter.outlet_id ?? null}
        onChange={(v) => onChange({ outlet_id: v ?? undefined })}
      />
      <Select
        label="Type"
        size="xs"
        w={190}
        clearable
        placeholder="All types"
        data={types.map((t) => ({ value: String(t.id), label: t.name }))}
        value={filter.recall_type_id ?? null}
        onChange={(v) => onChange({ recall_type_id: v ?? undefined })}
      />
      <Select
        label="Outcome"
        size="xs"
        w={130}
        clearable
        placeholder="Any"
        data={RECALL_OUTCOMES.map((o) => ({ value: o, label: RECALL_OUTCOME_LABELS[o] }))}
        value={filter.outcome ?? null}
        onChange={(v) => onChange({ outcome: v ?? undefined })}
      />
      <CalendarDateInput
        label="Due from"
        size="xs"
        w={130}
        clearable
        value={filter.from}
        onChange={(v) => onChange({ from: v || undefined })}
      />
      <CalendarDateInput
        label="Due to"
        size="xs"
        w={130}
        clearable
        value={filter.to}
        onChange={(v) => onChange({ to: v || undefined })}
      />
    </Group>
  );
}
