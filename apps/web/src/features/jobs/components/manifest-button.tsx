import { runShippingManifest } from "@loupe/contract";
import { ActionIcon, Button, Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { confirmAction } from "../../../components/confirm-dialog";
import { OnDemandMenu } from "../../../components/on-demand-menu";
import { callEndpoint } from "../../../lib/api-client";
import { onDemand } from "../../../lib/on-demand";
import { useCurrentOutlet } from "../../reference/use-reference-data";
import { jobKeys } from "../api/job-keys";
import { useJobCall } from "../api/use-job-call";
import { useManifestRule } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

// The manifests menu (Mantine's Menu, with the floating layer) loads on the first pointer over,
// focus or click of its arrow, not with the jobs list (issue 31: /jobs opened cold ≤ 200 KB).
const manifestsMenu = onDemand(() => import("./manifests-menu"));

/**
 * Manifest today: hands the current outlet's booked parcels to the courier now rather than at
 * its end-of-day time (Australian outlets only, as Create Shipping Order). Beside it, the outlet's
 * latest manifests, each opening the courier's summary to hand to the driver.
 */
export function ManifestButton() {
  const outlet = useCurrentOutlet();
  const verdict = useManifestRule(outlet?.region_id);
  const call = useJobCall();
  const queryClient = useQueryClient();
  if (!outlet || (!verdict.allowed && verdict.hide)) return null;
  const run = () =>
    confirmAction({
      title: "Manifest today's shipments",
      message: `Hand ${outlet.name}'s shipments booked so far today to the courier now? They can no longer be cancelled afterwards.`,
      confirmLabel: "Yes, Manifest",
      cancelLabel: "No",
      danger: false,
      onConfirm: async () => {
        await call(() => callEndpoint(runShippingManifest, { body: { sender_outlet_id: outlet.id } }));
        await queryClient.invalidateQueries({ queryKey: jobKeys.manifests(outlet.id) });
      },
    });
  return (
    <Group gap={0} wrap="nowrap">
      <RuleGate verdict={verdict}>
        {(disabled) => (
          <Button
            variant="light"
            disabled={disabled}
            onClick={run}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          >
            Manifest today
          </Button>
        )}
      </RuleGate>
      <OnDemandMenu
        menu={manifestsMenu}
        props={{ outletId: outlet.id }}
        trigger={
          <ActionIcon
            variant="light"
            size={36}
            aria-label="Manifests"
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: "1px solid white" }}
          >
            ▾
          </ActionIcon>
        }
      />
    </Group>
  );
}
