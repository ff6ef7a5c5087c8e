import { RECALL_OUTCOME_LABELS, RECALL_OUTCOMES } from "@loupe/domain";
import { Group, SegmentedControl } from "@mantine/core";
import { lazy, Suspense } from "react";
import { LazySelect } from "../../../components/lazy-select";
import { useOutlets } from "../../reference/use-reference-data";
import { type RecallsFilter, useRecallTypes } from "../api";
import { STATE_LABELS } from "../recall-words";

// The day-first date fields bring the date picker: loaded just after the list, not before it.
const RecallsDateRange = lazy(() => import("./recalls-date-range"));

/** The recalls list's filters: outlet, type, state, outcome and a due-date range (day first). */
export function RecallsFilters({
  filter,
  onChange,
  forReturns = false,
}: {
  filter: RecallsFilter;
  onChange: (next: Partial<RecallsFilter>) => void;
  /** The return rate reads outlet, type and the steps' days only: no state or outcome, dates named for steps. */
  forReturns?: boolean;
}) {
  const { data: outlets = [] } = useOutlets();
  const { data: types = [] } = useRecallTypes();
  return (
    <Group gap="xs" align="flex-end" mb="sm" data-testid="recalls-filters">
      {!forReturns && (
        <SegmentedControl
          aria-label="Which recalls"
          size="xs"
          value={filter.state}
          onChange={(v) => onChange({ state: v as RecallsFilter["state"] })}
          data={Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))}
        />
      )}
      <LazySelect
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
      <LazySelect
        label="Type"
        size="xs"
        w={190}
        clearable
        placeholder="All types"
        data={types.map((t) => ({ value: String(t.id), label: t.name }))}
        value={filter.recall_type_id ?? null}
        onChange={(v) => onChange({ recall_type_id: v ?? undefined })}
      />
      {!forReturns && (
        <LazySelect
          label="Outcome"
          size="xs"
          w={130}
          clearable
          placeholder="Any"
          data={RECALL_OUTCOMES.map((o) => ({ value: o, label: RECALL_OUTCOME_LABELS[o] }))}
          value={filter.outcome ?? null}
          onChange={(v) => onChange({ outcome: v ?? undefined })}
        />
      )}
      <Suspense fallback={null}>
        <RecallsDateRange
          from={filter.from}
          to={filter.to}
          onChange={onChange}
          labels={forReturns ? ["Steps from", "Steps to"] : ["Due from", "Due to"]}
        />
      </Suspense>
    </Group>
  );
}
