import {
  AVERAGE_HEIGHTS,
  JOB_EDIT_MESSAGES,
  PD_FIELD_LABELS,
  PD_HEIGHT_FIELDS,
  recalculateHeights,
  SHAPE_LABEL,
} from "@loupe/domain";
import { Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useAlert } from "../../app/alert-context";
import { appConfig } from "../../lib/config";
import { useAction } from "../../lib/use-action";
import { createConvertedPd, type PdWire, updatePdHeights } from "./api";

export interface HeightChange {
  kind: "size" | "shape";
  pd: PdWire;
  from: { size: string | null; shape: string | null };
  to: { size: string | null; shape: string | null };
}

const shapeName = (s: string | null) =>
  s === "classic" || s === "round" || s === "non-brand" ? SHAPE_LABEL(s, appConfig.brand) : "—";

/**
 * Frame and PD Height Update (a frame size change: the PD's heights recalculated and saved as its
 * next version) and Shape Height Conversion (a shape change: a new PD with converted heights).
 */
export function HeightDialog(props: {
  change: HeightChange;
  onClose: () => void;
  onDone: (pd: PdWire) => void;
}) {
  const { change } = props;
  const { showAlert } = useAlert();
  const next = recalculateHeights(change.pd, change.from, change.to);
  const rows = PD_HEIGHT_FIELDS.filter((f) => change.pd[f] != null);
  const frameChanges = {
    ...next,
    frame_size: change.to.size && change.to.size !== "nd" ? change.to.size : change.pd.frame_size,
    glass_shape_type: change.to.shape ?? change.pd.glass_shape_type,
  };
  const apply = useAction(async () => {
    try {
      if (change.kind === "size") {
        const res = await updatePdHeights(change.pd, frameChanges);
        showAlert({ variant: "success", message: JOB_EDIT_MESSAGES.pdHeightsUpdated });
        props.onDone(res.data);
      } else {
        const res = await createConvertedPd(change.pd, frameChanges);
        showAlert({ variant: "success", message: JOB_EDIT_MESSAGES.pdCreated });
        props.onDone(res.data);
      }
    } catch {
      showAlert({
        variant: "danger",
        message:
          change.kind === "size" ? JOB_EDIT_MESSAGES.pdHeightsFailed : JOB_EDIT_MESSAGES.pdCreateFailed,
      });
    }
    props.onClose();
  });
  const title = change.kind === "size" ? "Frame and PD Height Update" : "Shape Height Conversion";
  return (
    <Modal opened onClose={props.onClose} title={title} size="lg">
      <Stack gap="sm" data-testid="height-dialog">
        <Text size="sm">
          {change.kind === "size"
            ? `The frame size changed from ${change.from.size ?? "—"} to ${change.to.size}. Recalculate the PD heights for the new size?`
            : `The frame shape changed from ${shapeName(change.from.shape)} to ${shapeName(change.to.shape)}. Create a new PD with the heights converted for the new shape?`}
        </Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            This PD has no heights recorded.
          </Text>
        ) : (
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Height</Table.Th>
                <Table.Th>Now</Table.Th>
                <Table.Th>New</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f}>
                  <Table.Td>{PD_FIELD_LABELS[f]}</Table.Td>
                  <Table.Td>{change.pd[f]}</Table.Td>
                  <Table.Td data-testid={`new-${f}`}>{next[f]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {change.kind === "shape" && (
          <>
            <Text size="xs" c="dimmed">
              Average heights, Original → Capote
            </Text>
            <Table withTableBorder fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Bifocal</Table.Th>
                  <Table.Th>Multifocal</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {AVERAGE_HEIGHTS.map((r) => (
                  <Table.Tr key={r.size}>
                    <Table.Td>{r.size}</Table.Td>
                    <Table.Td>
                      {r.bifocal[0]} → {r.bifocal[1]}
                    </Table.Td>
                    <Table.Td>
                      {r.multifocal[0]} → {r.multifocal[1]}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Keep current heights
          </Button>
          <Button onClick={() => apply.run()} loading={apply.isPending} disabled={rows.length === 0}>
            {change.kind === "size" ? "Update heights" : "Create new PD"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
