import { endpointUrl, getShippingLabel, type OrderDetailWire } from "@loupe/contract";
import { SHIPMENT_STATUS_LABELS } from "@loupe/domain";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useAlert } from "../../../app/alert-context";
import { errorMessage } from "../../../lib/errors";
import { fetchFileBlob } from "../../../lib/file-blob";
import { useAction } from "../../../lib/use-action";

/** Opens the label PDF from a blob: URL: fetched with the Authorization header, so no token goes in a URL. */
function PrintLabelButton({ jobId }: { jobId: number }) {
  const { showAlert } = useAlert();
  const print = useAction(async () => {
    // Opened before the fetch, so the pop-up blocker sees it as the click's own window.
    const tab = window.open("", "_blank");
    try {
      const blob = await fetchFileBlob(endpointUrl(getShippingLabel, { id: jobId }));
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      tab?.close();
      showAlert({ variant: "danger", message: errorMessage(err) });
    }
  });
  return (
    <Button size="compact-xs" variant="light" onClick={print.run} loading={print.isPending}>
      Print label
    </Button>
  );
}

/** The expanded job's Shipping detail: company, tracking number (a link), status, Print label. */
export function ShippingDetail({ job, address }: { job: OrderDetailWire; address: string }) {
  const s = job.shipment;
  const live = s && s.status !== "not_created" ? s : null;
  const company = live?.company ?? job.shipment_company;
  const tracking = live?.tracking_number ?? job.shipment_tracking_id;
  return (
    <Paper withBorder p="xs" bg="white" data-testid="shipping-detail">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Shipping detail
        </Text>
        {live?.has_label && <PrintLabelButton jobId={job.id} />}
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
      {s && s.state === "failed" && (
        <Text size="sm" c="red">
          Last attempt with {s.company} was refused: {s.last_error}
        </Text>
      )}
      {address && <Text size="sm">Address: {address}</Text>}
    </Paper>
  );
}
