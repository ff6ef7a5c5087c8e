import { endpointUrl, getManifestSummary, listShippingManifests, type ManifestWire } from "@loupe/contract";
import { DAY_DISPLAY_FORMAT, shipmentCount } from "@loupe/domain";
import { Menu, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { cloneElement, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import type { MenuStart } from "../../../components/on-demand-menu";
import { callEndpoint } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { openFileBlob } from "../../../lib/file-blob";
import { dayjs } from "../../../lib/format";
import { useTakeFocus } from "../../../lib/on-demand";
import { useShownError } from "../../../lib/shown-errors";
import { jobKeys } from "../api/job-keys";

/** A manifest as the menu lists it: "26th Nov 2026 · 3 shipments". */
const manifestLabel = (m: ManifestWire) =>
  `${dayjs(m.manifest_date, "YYYY-MM-DD").format(DAY_DISPLAY_FORMAT)} · ${shipmentCount(m.shipment_count)}`;

/** Why a manifest has no summary to print. */
const noSummaryReason = (m: ManifestWire) =>
  m.state === "failed" ? "Failed" : m.state === "pending" ? "In progress" : "No summary";

/**
 * The outlet's latest manifests, read when the menu first opens; loaded on demand by
 * manifest-button.tsx.
 */
export default function ManifestsMenu({ outletId, intent, target }: { outletId: number } & MenuStart) {
  const [opened, setOpened] = useState(intent.open);
  const focusRef = useTakeFocus<HTMLButtonElement>(intent.focus);
  const { showAlert } = useAlert();
  const manifests = useQuery({
    queryKey: jobKeys.manifests(outletId),
    queryFn: async () =>
      (await callEndpoint(listShippingManifests, { query: { sender_outlet_id: String(outletId) } })).data,
    enabled: opened,
  });
  // The menu says it (disabled item): not again above the screen.
  useShownError(manifests.error);
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
      <Menu.Target>{cloneElement(target, { ref: focusRef } as object)}</Menu.Target>
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
