import type { OrderWire } from "@loupe/contract";
import {
  currencyForCountry,
  isDisplayOnlyStatus,
  isFixedOrderStatus,
  isIrreversibleStatus,
  orderDisplayStatus,
  PARTLY_REFUNDED_LABEL,
  STATUS_CHANGED_MESSAGE,
} from "@loupe/domain";
import { lazy, Suspense, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmed } from "../../../components/confirm-dialog";
import { LazySelect as Select } from "../../../components/lazy-select";
import { PlainBadge, plainStack } from "../../../components/plain-mantine";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { formatMoney } from "../../../lib/format";
import { useStatuses } from "../../reference/use-reference-data";
import { useSetJobStatus } from "../api/jobs-mutations";
import { useTableJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";
import { StatusBadge, statusColourName } from "./status-badge";

// Asked for only when collecting with a balance due is refused (issue 44): not in the list's first load.
const CollectApprovalModal = lazy(() =>
  import("./collect-approval-modal").then((m) => ({ default: m.CollectApprovalModal })),
);

/**
 * A job's status (spec §4): refunded (every item quantity −1), voided and refunded-transaction
 * are display-only; in-progress and cancelled are fixed badges; anything else is a dropdown of
 * the selectable statuses. Its stack and badge are Mantine's markup drawn plainly (issue 31).
 */
export function OrderStatusCell({ job }: { job: OrderWire }) {
  const { data: statuses } = useStatuses();
  const dispense = statuses?.dispense ?? [];
  const shown = orderDisplayStatus(job.dispense_status.slug, job.items ?? []);
  const fixed = isDisplayOnlyStatus(shown) || isFixedOrderStatus(shown);
  const label =
    shown === job.dispense_status.slug
      ? job.dispense_status.display_name
      : (dispense.find((s) => s.slug === shown)?.display_name ?? "Refunded");
  const status = fixed ? <StatusBadge slug={shown} label={label} /> : <StatusSelect job={job} />;
  // A partly refunded job keeps its status (ADR 0033); what went back shows under it.
  if (!(job.partly_refunded_amount > 0)) return status;
  return plainStack(
    2,
    <>
      {status}
      <PlainBadge size="xs" color="red" variant="light" data-testid="partly-refunded-badge">
        {PARTLY_REFUNDED_LABEL}{" "}
        {formatMoney(job.partly_refunded_amount, currencyForCountry(job.origin_outlet.region.country_code))}
      </PlainBadge>
    </>,
    "flex-start",
  );
}

/** The selectable status of a job that is not display-only. */
function StatusSelect({ job }: { job: OrderWire }) {
  const { data: statuses } = useStatuses();
  const setStatus = useSetJobStatus();
  const { showAlert } = useAlert();
  const [focused, setFocused] = useState(false);
  const verdict = useTableJobRules()("job_status", job);
  const dispense = statuses?.dispense ?? [];
  const change = async (value: string | null) => {
    if (!value || Number(value) === job.dispense_status_id) return;
    const target = dispense.find((s) => s.id === Number(value));
    if (
      isIrreversibleStatus(target?.slug) &&
      !(await confirmed({
        title: `Cancel job ${job.vend_invoice_number}?`,
        message: "A cancelled job cannot be reopened, and its items can no longer change status.",
        confirmLabel: "Yes, cancel the job",
        cancelLabel: "Keep the job",
      }))
    )
      return;
    await send(Number(value));
  };
  const send = async (statusId: number) => {
    try {
      await setStatus.mutateAsync({ id: job.id, statusId });
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
    } catch (err) {
      // Collecting with a balance due (issue 44): a manager approves it here, then it is sent again.
      if (err instanceof ApiError && err.code === "approval_required") {
        setAsking({ statusId, reason: errorText(err) });
        return;
      }
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const [asking, setAsking] = useState<{ statusId: number; reason: string } | null>(null);
  const approval = asking && (
    <Suspense fallback={null}>
      <CollectApprovalModal
        job={job}
        reason={asking.reason}
        onApproved={() => send(asking.statusId)}
        onClose={() => setAsking(null)}
      />
    </Suspense>
  );
  return (
    <>
      {approval}
      <RuleGate verdict={verdict}>
        {(refused) => (
          <Select
            size="xs"
            w={210}
            aria-label={`Status of ${job.vend_invoice_number}`}
            data={dispense
              .filter((s) => s.selectable || s.id === job.dispense_status_id)
              .map((s) => ({ value: String(s.id), label: s.display_name, disabled: !s.selectable }))}
            value={String(job.dispense_status_id)}
            allowDeselect={false}
            // Mantine keeps every Select's option list mounted (hidden) and positioned: in the jobs
            // table a list per row to build and place on each redraw (issue 16). Mounted from the first
            // focus on, so the keyboard still opens the list onto the current status as before.
            comboboxProps={{ keepMounted: focused }}
            onFocus={() => setFocused(true)}
            disabled={refused || setStatus.isPending}
            onChange={change}
            styles={{
              input: {
                color: `var(--mantine-color-${statusColourName(job.dispense_status.slug)}-8)`,
                fontWeight: 600,
              },
            }}
          />
        )}
      </RuleGate>
    </>
  );
}
