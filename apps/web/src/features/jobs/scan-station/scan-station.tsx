import { formatWhen, isBatchSelectable, SCAN_RESULT_COLOURS, SCAN_RESULT_LABELS } from "@loupe/domain";
import { Badge, Button, Group, Loader, Paper, Select, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTrayScan } from "../../../app/shell/keyboard-shortcuts";
import { useClaimScans } from "../../../app/shell/scan-owner";
import { useUserTimeZone } from "../../reference/use-date-format";
import { useStatuses } from "../../reference/use-reference-data";
import { type ScanEntry, useScanStation } from "./use-scan-station";

// The camera and its barcode reader load when "Use camera" is first pressed.
const CameraScanner = lazy(() => import("./camera-scanner"));

/**
 * Scan station (issue 29): staff pick the status jobs move to, then scan tray labels (a
 * keyboard-wedge scanner, or the camera on a tablet); each scan moves that job's items there, or
 * says why the server refused. While it is open, scans are its own: they no longer open the job.
 */
export default function ScanStation({ onClose }: { onClose: () => void }) {
  useClaimScans();
  const { data: statuses } = useStatuses();
  const options = (statuses?.item ?? [])
    .filter(isBatchSelectable)
    .map((s) => ({ value: String(s.id), label: s.display_name }));
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = options.find((o) => o.value === choice);
  const station = useScanStation(chosen ? { id: Number(chosen.value), name: chosen.label } : null);
  useTrayScan(station.scan);
  const [camera, setCamera] = useState(false);

  return (
    <Paper withBorder p="md" mb="md" data-testid="scan-station">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Scan station</Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => setCamera((c) => !c)} aria-pressed={camera}>
            {camera ? "Stop camera" : "Use camera"}
          </Button>
          <Button
            variant="default"
            disabled={!station.undoable}
            onClick={() => station.undo()}
            title={station.undoable ? `Put ${station.undoable.invoice}'s items back` : "No scan to undo"}
          >
            Undo last scan
          </Button>
          <Button variant="subtle" onClick={onClose}>
            Close station
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" mb="sm">
        <Select
          label="Move scanned jobs to"
          placeholder="Choose a status"
          data={options}
          value={choice}
          searchable
          w={280}
          onChange={(v) => {
            setChoice(v);
            // The scanner types into nothing: out of the field, its keystrokes are a scan again.
            requestAnimationFrame(() => (document.activeElement as HTMLElement | null)?.blur());
          }}
        />
        <Text size="sm" c="dimmed" pb={6} data-testid="station-hint">
          {chosen
            ? `Scan a tray label: that job's items move to “${chosen.label}”.`
            : "Choose a status, then scan tray labels."}
        </Text>
      </Group>
      {camera && (
        <Suspense fallback={<Loader size="sm" />}>
          <CameraScanner onRead={station.scan} />
        </Suspense>
      )}
      <ScanList entries={station.entries} />
    </Paper>
  );
}

/** The running list, newest first, each row in its result's colour. */
export function ScanList({ entries }: { entries: ScanEntry[] }) {
  const zone = useUserTimeZone();
  if (!entries.length)
    return (
      <Text size="sm" c="dimmed" data-testid="scan-list-empty">
        No scans yet.
      </Text>
    );
  return (
    <Table aria-label="Scans" data-testid="scan-list" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Invoice</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...entries].reverse().map((e) => {
          const colour = e.result === "working" ? "gray" : SCAN_RESULT_COLOURS[e.result];
          return (
            <Table.Tr
              key={e.key}
              data-result={e.result}
              style={{ background: `var(--mantine-color-${colour}-light)` }}
            >
              <Table.Td>{formatWhen(e.at, zone, "exact")}</Table.Td>
              <Table.Td ff="monospace">{e.invoice}</Table.Td>
              <Table.Td>{e.surname}</Table.Td>
              <Table.Td>
                {e.result === "working" ? (
                  <Loader size="xs" />
                ) : (
                  <Badge color={colour} variant="filled">
                    {SCAN_RESULT_LABELS[e.result]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{e.message}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
