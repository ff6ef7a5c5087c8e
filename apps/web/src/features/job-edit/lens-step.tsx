import type { LensOptionWire } from "@loupe/contract";
import { Alert, Group, Loader, Paper, Radio, Stack, Text } from "@mantine/core";
import { formatMoney } from "../../lib/format";
import { lensLabel } from "./lens-label";
import { StepButtons } from "./step-parts";

/**
 * Step 4, Lenses: the lenses the product can be made with for the chosen prescription and PD
 * (already filtered by `availableLensOptions`), each with its price over the frame's; the server's
 * messages ("Frame size required", "No lens available") above them. Used by the job edit and the
 * counter's quote editor alike.
 */
export function LensStep(props: {
  options: LensOptionWire[];
  messages: string[];
  loading: boolean;
  lensId: number | null;
  currency: string;
  onChoose: (id: number) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const chosen = props.options.some((o) => o.id === props.lensId);
  return (
    <Stack gap="xs" data-testid="lens-step">
      {props.loading && <Loader size="sm" />}
      {props.messages.map((m) => (
        <Alert key={m} color="orange" variant="light" p="xs">
          {m}
        </Alert>
      ))}
      <Radio.Group
        value={props.lensId ? String(props.lensId) : null}
        onChange={(v) => props.onChoose(Number(v))}
        name="lens"
      >
        <Stack gap={6}>
          {props.options.map((o) => (
            <Paper key={o.id} withBorder p="xs">
              <Radio
                value={String(o.id)}
                styles={{ body: { width: "100%" }, labelWrapper: { flex: 1 } }}
                label={
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text size="sm">{lensLabel(o)}</Text>
                      <Text size="xs" c="dimmed">
                        {o.lenses.supplier.name} · index {o.lenses.index} · {o.lenses.diameters.join("/")} mm
                        {o.lenses.lens_color ? ` · ${o.lenses.lens_color.name}` : ""}
                      </Text>
                      {o.warning_message && (
                        <Text size="xs" c="orange">
                          {o.warning_message}
                        </Text>
                      )}
                    </Stack>
                    <Text size="sm">+{formatMoney(o.price, props.currency)}</Text>
                  </Group>
                }
              />
            </Paper>
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <StepButtons onCancel={props.onCancel} onConfirm={props.onConfirm} disabled={!chosen} />
      </Group>
    </Stack>
  );
}
