import type { OrderItemWire } from "@loupe/contract";
import { isIrreversibleStatus, nextSelectableStatus, STATUS_CHANGED_MESSAGE } from "@loupe/domain";
import { Select } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmed } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useStatuses } from "../../reference/use-reference-data";
import { useSetItemStatus } from "../api/jobs-mutations";
import { CollectApprovalModal } from "./collect-approval-modal";

const NEXT = "next:";

/**
 * An item's status dropdown (spec §4): "move to next" (the next selectable status in list order)
 * plus every selectable status; disabled while the job is cancelled.
 */
export function ItemStatusSelect({ item, disabled }: { item: OrderItemWire; disabled: boolean }) {
  const { data: statuses } = useStatuses();
  const setItemStatus = useSetItemStatus();
  const { showAlert } = useAlert();
  const [asking, setAsking] = useState<{ statusId: number; reason: string } | null>(null);
  const list = statuses?.item ?? [];
  const next = nextSelectableStatus(list, item.dispense_status_id);
  const options = [
    ...(next ? [{ value: `${NEXT}${next.id}`, label: `Move to next: ${next.display_name}` }] : []),
    ...list.filter((s) => s.selectable).map((s) => ({ value: String(s.id), label: s.display_name })),
  ];
  const change = async (value: string | null) => {
    if (!value) return;
    const statusId = Number(value.replace(NEXT, ""));
    if (statusId === item.dispense_status_id) return;
    const target = list.find((s) => s.id === statusId);
    if (
      isIrreversibleStatus(target?.slug) &&
      !(await confirmed({
        title: `Set this item to ${target?.display_name}?`,
        message: "A cancelled item cannot be moved to another status again.",
        confirmLabel: "Yes, cancel the item",
        cancelLabel: "Keep it",
      }))
    )
      return;
    await send(statusId);
  };
  const send = async (statusId: number) => {
    try {
      await setItemStatus.mutateAsync({ itemId: item.id, statusId });
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
  return (
    <>
      {asking && (
        <CollectApprovalModal
          job={{ id: item.order_id }}
          reason={asking.reason}
          onApproved={() => send(asking.statusId)}
          onClose={() => setAsking(null)}
        />
      )}
      <Select
        size="xs"
        w={230}
        aria-label={`Item ${item.id} status`}
        placeholder="Change status"
        disabled={disabled || setItemStatus.isPending}
        data={options}
        value={null}
        onChange={change}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
