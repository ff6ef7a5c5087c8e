import { cancelShipment, endpointUrl, getShippingLabel, type OrderDetailWire } from "@loupe/contract";
import { SHIPMENT_STATUS_LABELS, shippingMessages } from "@loupe/domain";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { openFileBlob } from "../../../lib/file-blob";
import { useAction } from "../../../lib/use-action";
import { useJobCall } from "../api/use-job-call";
import { useJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

/** Opens the label PDF from a blob: URL: fetched with the Authorization header, so no token goes in a URL. */
function PrintLabelButton({ jobId }: { jobId: number }) {
  const { showAlert } = useAlert();
  const print = useAction(async () => {
    try {
      await openFileBlob(endpointUrl(getShippingLabel, { id: jobId }), `label-${jobId}.pdf`);
    } catch (err) {
      showAlert({ variant: "danger", message: errorMessage(err) });
    }
  });
  return (
    <Button size="compact-xs" variant="light" onClick={print.run} loading={print.isPending}>
      Print label
    </Button>
  );
}

/**
 * Cancel shipment, after a confirm: the dialog's Confirm makes one call however often it is
 * clicked, and the server answers a repeat with the same cancelled shipment.
 */
function CancelShipmentButton({ jobId, disabled }: { jobId: number; disabled: boolean }) {
  const run = useJobCall();
  const cancel = () =>
    confirmAction({
      title: "Cancel shipment",
      message: shippingMessages.cancelConfirm,
      confirmLabel: "Yes, Cancel Shipment",
      cancelLabel: "No",
      onConfirm: () => run(() => callEndpoint(cancelShipment, { params: { id: jobId } })),
    });
  return (
    <Button size="compact-xs" variant="light" color="red" disabled={disabled} onClick={cancel}>
      Cancel shipment
    </Button>
  );
}

/** The expanded job's Shipping detail: company, tracking number (a link), status, Print label. */
export function ShippingDetail({ job, address }: { job: OrderDetailWire; address: string }) {
  const s = job.shipment;
  const live = s && s.status !== "not_created" ? s : null;
  const company = live?.company ?? job.shipment_company;
  const tracking = live?.tracking_number ?? job.shipment_tracking_id;
  const decide = useJobRules();
  return (
    <Paper withBorder p="xs" bg="white" data-testid="shipping-detail">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Shipping detail
        </Text>
        <Group gap="xs">
          <RuleGate verdict={decide("cancel_shipment", job)}>
            {(disabled) => <CancelShipmentButton jobId={job.id} disabled={disabled} />}
          </RuleGate>
          {live?.has_label && <PrintLabelButton jobId={job.id} />}
        </Group>
      </Group>
      <Text size="sm">Status: {SHIPMENT_STATUS_LABELS[job.shipment_status]}</Text>
      {company && <Text size="sm">Company: {company}</Text>}
      {tracking && (
        <Text size="sm">
          Tracking number:{" "}
          {live?.tracking_url ? (
            <Anchor
              href={live.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="tracking-link"
            >
              {tracking}
            </Anchor>
          ) : (
            tracking
          )}
        </Text>
      )}
      {s && s.state === "unknown" && (
        <Text size="sm" c="orange" data-testid="retryable-attempt">
          Attempt {s.attempt} with {s.company} did not get an answer ({s.last_error}). Create Shipping Order
          again to retry it.
        </Text>
      )}
      {live?.manifest_order_id && <Text size="sm">Manifest: {live.manifest_order_id}</Text>}
      {s && s.state === "cancelled" && (
        <Text size="sm" data-testid="cancelled-shipment">
          Shipment {s.tracking_number} with {s.company} was cancelled.
        </Text>
      )}
      {s && s.state === "failed" && (
        <Text size="sm" c="red">
          Last attempt with {s.company} was refused: {s.last_error}
        </Text>
      )}
      {address && <Text size="sm">Address: {address}</Text>}
    </Paper>
  );
}
