import { jobOutletFilterOutlets, PRIORITY } from "@loupe/domain";
import { Button, Checkbox, Group, MultiSelect, Paper, Select } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useState } from "react";
import { useOutlets, useStatuses } from "../../reference/use-reference-data";
import { type PanelFilters, panelQuery } from "./jobs-filter-query";
import { SaveSearchPopover } from "./save-search-popover";

/**
 * The Filters panel (spec §2): Location by abbreviation, Order Status, Item Status, a date range
 * and Priority, and (issue 44) Balance owing. Choices wait for Apply Filters; Save Search saves them with the current search.
 */
export function JobsFilterPanel(props: {
  initial: PanelFilters;
  /** The chosen country narrows the Location list. */
  regionId: string;
  /** The applied query the saved search starts from. */
  baseQuery: Record<string, string>;
  onApply: (filters: PanelFilters) => void;
}) {
  const { data: outlets = [] } = useOutlets();
  const { data: statuses } = useStatuses();
  const [f, setF] = useState(props.initial);
  // The draft follows the applied filters when they change (a tab, Clear filters, a saved search,
  // the browser's Back), in place: remounting the panel on every apply redrew all its fields and
  // asked for the saved searches again, ~100 ms of the Apply Filters click (issue 31).
  const initialKey = JSON.stringify(props.initial);
  const [appliedKey, setAppliedKey] = useState(initialKey);
  if (initialKey !== appliedKey) {
    setAppliedKey(initialKey);
    setF(props.initial);
  }
  const set = (changes: Partial<PanelFilters>) => setF((cur) => ({ ...cur, ...changes }));
  const outletOptions = jobOutletFilterOutlets(outlets, props.regionId ? Number(props.regionId) : null).map(
    (o) => ({ value: String(o.id), label: o.abbreviation }),
  );
  const statusOptions = (list: { id: number; display_name: string }[] = []) =>
    list.map((s) => ({ value: String(s.id), label: s.display_name }));
  return (
    <Paper withBorder p="sm" mb="sm" data-testid="jobs-filter-panel">
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label="Location"
          w={280}
          searchable
          clearable
          data={outletOptions}
          value={f.outlet_id.filter((id) => outletOptions.some((o) => o.value === id))}
          onChange={(v) => set({ outlet_id: v })}
        />
        <Select
          label="Order Status"
          w={210}
          clearable
          searchable
          data={statusOptions(statuses?.dispense)}
          value={f.dispense_status_id || null}
          onChange={(v) => set({ dispense_status_id: v ?? "" })}
        />
        <Select
          label="Item Status"
          w={210}
          clearable
          searchable
          data={statusOptions(statuses?.item)}
          value={f.item_dispense_status_id || null}
          onChange={(v) => set({ item_dispense_status_id: v ?? "" })}
        />
        <DatePickerInput
          type="range"
          label="Created"
          placeholder="Select Date Range"
          w={250}
          clearable
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          value={[f.created_start_at || null, f.created_end_at || null]}
          onChange={([start, end]) => set({ created_start_at: start ?? "", created_end_at: end ?? "" })}
        />
        <Checkbox
          label="Priority"
          mb={8}
          checked={f.priority === String(PRIORITY.urgent)}
          onChange={(e) => set({ priority: e.currentTarget.checked ? String(PRIORITY.urgent) : "" })}
        />
        <Checkbox
          label="Balance owing"
          mb={8}
          checked={f.balance === "owing"}
          onChange={(e) => set({ balance: e.currentTarget.checked ? "owing" : "" })}
        />
      </Group>
      <Group justify="flex-end" mt="sm" gap="xs">
        <SaveSearchPopover query={{ ...props.baseQuery, ...panelQuery(f) }} />
        <Button onClick={() => props.onApply(f)}>Apply Filters</Button>
      </Group>
    </Paper>
  );
}
