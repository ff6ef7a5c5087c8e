import type { RecallRow, RecallStepWire, RecallTypeWire } from "@loupe/contract";
import type { CustomerRecallRow, RecallStepRow, RecallTypeRow } from "./recalls.service";

export const toRecallTypeWire = (t: RecallTypeRow): RecallTypeWire => ({
  id: t.id,
  name: t.name,
  region_id: t.regionId,
  interval_months: t.intervalMonths,
  triggers: t.triggers,
  use_expiry: t.useExpiry,
  min_age: t.minAge,
  max_age: t.maxAge,
  steps: t.steps,
  active: t.active,
  version: t.version,
});

export const toRecallStepWire = (s: RecallStepRow): RecallStepWire => ({
  id: s.id,
  step_index: s.stepIndex,
  offset_days: s.offsetDays,
  planned_channel: s.plannedChannel,
  channel: s.channel,
  status: s.status,
  reason: s.reason,
  due_on: s.dueOn,
  at: s.at.toISOString(),
});

export interface RowNames {
  customers: Map<number, string>;
  types: Map<number, RecallTypeRow>;
  outlets: Map<number, string>;
}

/** A recall as the screen and the profile read it. */
export function toRecallRow(
  r: CustomerRecallRow,
  names: RowNames,
  last: RecallStepRow | undefined,
): RecallRow {
  const type = names.types.get(r.recallTypeId);
  const step = r.nextStepIndex != null ? type?.steps[r.nextStepIndex] : undefined;
  return {
    id: r.id,
    customer: { id: r.customerId, name: names.customers.get(r.customerId) ?? "Customer" },
    recall_type: { id: r.recallTypeId, name: type?.name ?? "Recall" },
    outlet: r.outletId ? { id: r.outletId, name: names.outlets.get(r.outletId) ?? "" } : null,
    due_date: r.dueDate,
    manual: r.manual,
    basis: r.basis,
    next_step:
      step && r.nextStepOn && r.outcome === "open"
        ? { step_index: r.nextStepIndex as number, channel: step.channel, on: r.nextStepOn }
        : null,
    last_step: last ? toRecallStepWire(last) : null,
    outcome: r.outcome,
    version: r.version,
  };
}
