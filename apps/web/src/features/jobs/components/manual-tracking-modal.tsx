import { createManualShipment, type OrderDetailWire } from "@loupe/contract";
import { isHttpsUrl, shippingMessages } from "@loupe/domain";
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useCurrentOutlet, useOutlets } from "../../reference/use-reference-data";
import { jobKeys } from "../api/job-keys";

/** Canada: record a parcel booked with a carrier outside Loupe, by its https tracking URL (§5, §7). */
export function ManualTrackingModal({ job, onClose }: { job: OrderDetailWire; onClose: () => void }) {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const outlet = useCurrentOutlet();
  const { data: outlets = [] } = useOutlets();
  const regional = outlets.filter((o) => o.is_active && o.region_id === job.origin_outlet.region_id);
  const [sender, setSender] = useState<string | null>(String(outlet?.id ?? job.origin_outlet.id));
  const [carrier, setCarrier] = useState("Canada Post");
  const [url, setUrl] = useState("");
  const [number, setNumber] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const urlError = touched && !isHttpsUrl(url) ? shippingMessages.trackingUrl : undefined;
  const save = useAction(async () => {
    setTouched(true);
    setServerError(null);
    if (!isHttpsUrl(url) || !sender || !carrier.trim()) return;
    try {
      await callEndpoint(createManualShipment, {
        body: {
          order_id: job.id,
          sender_outlet_id: Number(sender),
          cargo_company: carrier,
          tracking_id: url.trim(),
          ...(number.trim() ? { tracking_number: number.trim() } : {}),
        },
      });
    } catch (err) {
      setServerError(
        err instanceof ApiError && err.errors.tracking_id ? err.errors.tracking_id[0] : errorMessage(err),
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    showAlert({ variant: "success", message: shippingMessages.created });
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Enter Tracking" data-testid="manual-tracking-modal">
      <Stack gap="sm">
        <Select
          label="Sender outlet"
          required
          data={regional.map((o) => ({ value: String(o.id), label: o.name }))}
          value={sender}
          onChange={setSender}
        />
        <TextInput
          label="Carrier"
          required
          value={carrier}
          onChange={(e) => setCarrier(e.currentTarget.value)}
        />
        <TextInput
          label="Tracking URL"
          required
          placeholder="https://…"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={urlError}
        />
        <TextInput
          label="Tracking number"
          description="Taken from the URL when left empty"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
        />
        {serverError && <Alert color="red">{serverError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save.run} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
