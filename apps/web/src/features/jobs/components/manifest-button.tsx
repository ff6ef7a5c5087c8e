import { runShippingManifest } from "@loupe/contract";
import { Button } from "@mantine/core";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { useCurrentOutlet, useRegions } from "../../reference/use-reference-data";
import { useJobCall } from "../api/use-job-call";

/**
 * Manifest today: hands the current outlet's booked parcels to the courier now rather than at
 * its end-of-day time (Australian outlets only, as Create Shipping Order).
 */
export function ManifestButton() {
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  const call = useJobCall();
  if (!outlet || regions.find((r) => r.id === outlet.region_id)?.country_code !== "AU") return null;
  const run = () =>
    confirmAction({
      title: "Manifest today's shipments",
      message: `Hand ${outlet.name}'s shipments booked so far today to the courier now? They can no longer be cancelled afterwards.`,
      confirmLabel: "Yes, Manifest",
      cancelLabel: "No",
      danger: false,
      onConfirm: () =>
        call(() => callEndpoint(runShippingManifest, { body: { sender_outlet_id: outlet.id } })),
    });
  return (
    <Button variant="light" onClick={run}>
      Manifest today
    </Button>
  );
}
