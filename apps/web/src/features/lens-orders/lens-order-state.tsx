import type { LensOrderSummaryWire } from "@loupe/contract";
import { LENS_ORDER_MESSAGES, type Verdict } from "@loupe/domain";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../../app/alert-context";
import { confirmAction } from "../../components/confirm-dialog";
import { errorText } from "../../lib/errors";
import { formatDate } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { jobKeys } from "../jobs/api/job-keys";
import { RuleGate } from "../jobs/components/rule-gate";
import { cancelOrder, checkStatus, lensOrderKeys, resendOrder } from "./api";

const STATE_COLOUR: Record<LensOrderSummaryWire["state"], string> = {
  pending: "blue",
  unknown: "orange",
  failed: "red",
  placed: "blue",
  cancelled: "gray",
  rejected: "red",
  not_sent: "red",
};

/** The item's latest lens order: supplier, lab state, ETA and tracking; Cancel behind a confirm dialog while the supplier allows it. */
export function LensOrderState(props: {
  itemId: number;
  order: LensOrderSummaryWire;
  cancel: Verdict;
  /** Send again of a Not sent order: the rulebook's update_lens_order (the job's region). */
  resend: Verdict;
}) {
  const { order } = props;
  // A cancelled or rejected order will not arrive: its last ETA no longer means anything.
  const ended = order.state === "cancelled" || order.state === "rejected";
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  // GET /order_lens_status_check: ask the lab now rather than wait for the background poll.
  const check = useAction(async () => {
    try {
      await checkStatus(props.itemId);
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
  });
  // Send again: the same order and key (one new e-mail, however often it is pressed).
  const resend = useAction(async () => {
    try {
      showAlert({ variant: "success", message: (await resendOrder(order.id)).message });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    await queryClient.invalidateQueries({ queryKey: lensOrderKeys.all });
  });
  const cancel = () =>
    confirmAction({
      title: LENS_ORDER_MESSAGES.confirmCancelTitle,
      message: LENS_ORDER_MESSAGES.confirmCancel(order.supplier_name, order.reference),
      confirmLabel: "Yes, cancel order",
      cancelLabel: "No",
      onConfirm: async () => {
        showAlert(await cancelOrder(order));
        await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      },
    });
  return (
    <Stack gap={2} data-testid="lens-order-state">
      <Group gap={4} wrap="nowrap">
        <Badge size="xs" variant="light" color={STATE_COLOUR[order.state]}>
          {order.supplier_name}
        </Badge>
        <Text size="xs">{order.status_label}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {order.reference}
        {order.eta && !ended ? ` · ETA ${formatDate(order.eta)}` : ""}
        {order.tracking_number ? ` · tracking ${order.tracking_number}` : ""}
      </Text>
      <Group gap={4}>
        {order.state === "not_sent" && (
          <RuleGate verdict={props.resend}>
            {(disabled) => (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                disabled={disabled}
                onClick={() => resend.run()}
                loading={resend.isPending}
              >
                Send again
              </Button>
            )}
          </RuleGate>
        )}
        {order.open && (
          <Button size="compact-xs" variant="subtle" onClick={() => check.run()} loading={check.isPending}>
            Check lab status
          </Button>
        )}
        {/* The rulebook decides: the supplier's cancel window, and who may cancel (ADR 0025). */}
        <RuleGate verdict={props.cancel}>
          {(disabled) => (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              w="fit-content"
              disabled={disabled}
              onClick={cancel}
            >
              Cancel order
            </Button>
          )}
        </RuleGate>
      </Group>
    </Stack>
  );
}
