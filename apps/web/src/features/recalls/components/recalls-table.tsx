import type { RecallRow } from "@loupe/contract";
import {
  formatCalendarDay,
  formatWhen,
  outletTimeZone,
  RECALL_CHANNEL_LABELS,
  RECALL_OUTCOME_LABELS,
} from "@loupe/domain";
import { Badge, Checkbox, Text } from "@mantine/core";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { useUserTimeZone } from "../../reference/use-date-format";
import { useOutlets } from "../../reference/use-reference-data";
import { OUTCOME_COLOUR, STEP_STATUS_LABELS } from "../recall-words";

/**
 * The recalls list: customer (a link to their profile), type, due date, the next step's channel,
 * the last step and its result, the outcome; a checkbox on each row for the bulk actions. Days are
 * calendar days (never shifted); a step's time is on its outlet's clock.
 */
export function RecallsTable({
  rows,
  loading,
  stale,
  error,
  onRetry,
  selected,
  onSelect,
}: {
  rows: RecallRow[];
  loading: boolean;
  stale: boolean;
  error: unknown;
  onRetry: () => void;
  selected: Map<number, RecallRow>;
  onSelect: (next: Map<number, RecallRow>) => void;
}) {
  const { data: outlets = [] } = useOutlets();
  const own = useUserTimeZone();
  const zoneOf = (r: RecallRow) => {
    const o = r.outlet && outlets.find((x) => x.id === r.outlet?.id);
    return o ? outletTimeZone(o) : own;
  };
  const toggle = (r: RecallRow) => {
    const next = new Map(selected);
    if (next.has(r.id)) next.delete(r.id);
    else next.set(r.id, r);
    onSelect(next);
  };
  const allChosen = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const columns: Column<RecallRow>[] = [
    {
      key: "pick",
      width: 32,
      title: (
        <Checkbox
          size="xs"
          aria-label="Choose every recall on this page"
          checked={allChosen}
          indeterminate={!allChosen && rows.some((r) => selected.has(r.id))}
          onChange={() => onSelect(allChosen ? new Map() : new Map(rows.map((r) => [r.id, r])))}
        />
      ),
      render: (r) => (
        <Checkbox
          size="xs"
          aria-label={`Choose ${r.customer.name}'s ${r.recall_type.name}`}
          checked={selected.has(r.id)}
          onChange={() => toggle(r)}
        />
      ),
    },
    {
      key: "customer",
      title: "Customer",
      render: (r) => <Link to={`/customers/${r.customer.id}`}>{r.customer.name}</Link>,
    },
    { key: "type", title: "Type", render: (r) => r.recall_type.name },
    { key: "outlet", title: "Outlet", render: (r) => r.outlet?.name ?? "—" },
    {
      key: "due",
      title: "Due",
      render: (r) => (
        <span title={r.basis}>
          {formatCalendarDay(r.due_date)}
          {r.manual ? " (by hand)" : ""}
        </span>
      ),
    },
    {
      key: "next",
      title: "Next step",
      render: (r) =>
        r.next_step
          ? `${RECALL_CHANNEL_LABELS[r.next_step.channel]} · ${formatCalendarDay(r.next_step.on)}`
          : "—",
    },
    {
      key: "last",
      title: "Last step",
      render: (r) =>
        r.last_step ? (
          <Text size="sm" span title={r.last_step.reason ?? undefined}>
            {RECALL_CHANNEL_LABELS[r.last_step.channel ?? r.last_step.planned_channel]} ·{" "}
            {STEP_STATUS_LABELS[r.last_step.status]} · {formatWhen(r.last_step.at, zoneOf(r), "day")}
            {r.last_step.reason ? ` (${r.last_step.reason})` : ""}
          </Text>
        ) : (
          "—"
        ),
    },
    {
      key: "outcome",
      title: "Outcome",
      render: (r) => (
        <Badge size="sm" variant="light" color={OUTCOME_COLOUR[r.outcome]}>
          {RECALL_OUTCOME_LABELS[r.outcome]}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable<RecallRow>
      ariaLabel="Recalls"
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      stale={stale}
      error={error}
      onRetry={onRetry}
      emptyText="No recalls match these filters."
      columns={columns}
    />
  );
}
