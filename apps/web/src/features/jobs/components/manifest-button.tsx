import {
  endpointUrl,
  getManifestSummary,
  listShippingManifests,
  type ManifestWire,
  runShippingManifest,
} from "@loupe/contract";
import { DAY_DISPLAY_FORMAT, shipmentCount } from "@loupe/domain";
import { ActionIcon, Button, Group, Menu, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { openFileBlob } from "../../../lib/file-blob";
import { dayjs } from "../../../lib/format";
import { useCurrentOutlet } from "../../reference/use-reference-data";
import { useJobCall } from "../api/use-job-call";
import { useManifestRule } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

const manifestsKey = (outletId: number) => ["shipping-manifests", outletId] as const;

/** A manifest as the menu lists it: "26th Nov 2026 · 3 shipments". */
const manifestLabel = (m: ManifestWire) =>
  `${dayjs(m.manifest_date, "YYYY-MM-DD").format(DAY_DISPLAY_FORMAT)} · ${shipmentCount(m.shipment_count)}`;

/** Why a manifest has no summary to print. */
const noSummaryReason = (m: ManifestWire) =>
  m.state === "failed" ? "Failed" : m.state === "pending" ? "In progress" : "No summary";

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
        await queryClient.invalidateQueries({ queryKey: manifestsKey(outlet.id) });
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
      <ManifestsMenu outletId={outlet.id} />
    </Group>
  );
}

/** The outlet's latest manifests, read when the menu first opens. */
function ManifestsMenu({ outletId }: { outletId: number }) {
  const [opened, setOpened] = useState(false);
  const { showAlert } = useAlert();
  const manifests = useQuery({
    queryKey: manifestsKey(outletId),
    queryFn: async () =>
      (await callEndpoint(listShippingManifests, { query: { sender_outlet_id: String(outletId) } })).data,
    enabled: opened,
  });
  const openSummary = async (m: ManifestWire) => {
    try {
      await openFileBlob(endpointUrl(getManifestSummary, { id: m.id }), `manifest-${m.carrier_order_id}.pdf`);
    } catch (err) {
      showAlert({ variant: "danger", message: errorMessage(err) });
    }
  };
  // The server keeps a month; the latest ten are what a shop reprints.
  const list = (manifests.data ?? []).slice(0, 10);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={300}>
      <Menu.Target>
        <ActionIcon
          variant="light"
          size={36}
          aria-label="Manifests"
          style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: "1px solid white" }}
        >
          ▾
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Manifests: the courier's summary</Menu.Label>
        {manifests.isLoading && <Menu.Item disabled>Loading…</Menu.Item>}
        {manifests.isError && <Menu.Item disabled>{errorMessage(manifests.error)}</Menu.Item>}
        {manifests.isSuccess && !list.length && <Menu.Item disabled>No manifests yet</Menu.Item>}
        {list.map((m) => (
          <Menu.Item
            key={m.id}
            disabled={!m.has_summary}
            title={m.last_error ?? undefined}
            onClick={() => void openSummary(m)}
            rightSection={
              <Text size="xs" c="dimmed">
                {m.has_summary ? "Summary PDF" : noSummaryReason(m)}
              </Text>
            }
          >
            {manifestLabel(m)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
