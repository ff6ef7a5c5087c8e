import { Anchor, Button, Group, Radio, Stack, Text } from "@mantine/core";
import { useFormatDateTime } from "../reference/use-date-format";
import type { PdWire } from "./api";
import { ChoiceRow, StepButtons } from "./step-parts";

/** One PD as the panel shows it: width, monocular distances, the heights the lens type reads, frame size. */
export function pdLine(p: PdWire): string {
  const w = p.pdPresenter.data.width;
  const h = p.pdPresenter.data.height;
  const width = w.binocular != null ? `PD ${w.binocular}` : "PD —";
  const mono = p.right_dist_pd != null ? ` (R ${p.right_dist_pd} / L ${p.left_dist_pd ?? "—"})` : "";
  const heights =
    h.right != null || h.left != null
      ? ` · ${h.pdZone} heights R ${h.right ?? "—"} / L ${h.left ?? "—"}`
      : "";
  const frame = p.frame_size ? ` · frame ${p.frame_size}` : "";
  return `${width}${mono}${heights}${frame}`;
}

/** Step 3, Pupil Distance: choose, create or edit one; the presenter's error blocks Confirm. */
export function PdStep(props: {
  pds: PdWire[];
  pd: PdWire | null;
  error: string | null;
  onChoose: (id: number) => void;
  onCreate: () => void;
  onEdit: (pd: PdWire) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const formatDateTime = useFormatDateTime();
  const { pd } = props;
  return (
    <Stack gap="xs" data-testid="pd-step">
      <Radio.Group value={pd ? String(pd.id) : null} onChange={(v) => props.onChoose(Number(v))} name="pd">
        <Stack gap={6}>
          {props.pds.map((p) => (
            <ChoiceRow
              key={p.id}
              value={p.id}
              line={pdLine(p)}
              details={
                <>
                  <Text size="xs" c="dimmed">
                    {p.source.data.name} · {formatDateTime(p.created_at)}
                  </Text>
                  {p.pdPresenter.error && (
                    <Text size="xs" c="red">
                      {p.pdPresenter.error}
                    </Text>
                  )}
                </>
              }
              actions={
                <Anchor
                  component="button"
                  size="sm"
                  aria-label={`Edit PD ${pdLine(p)}`}
                  onClick={() => props.onEdit(p)}
                >
                  Edit
                </Anchor>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {pd && props.error && (
        <Text size="sm" c="red" data-testid="pd-error">
          {props.error}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="light" onClick={props.onCreate}>
          Create Pd
        </Button>
        <StepButtons onCancel={props.onCancel} onConfirm={props.onConfirm} disabled={props.error != null} />
      </Group>
    </Stack>
  );
}
