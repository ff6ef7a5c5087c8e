import { Button, Group, Paper, Radio, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One choice of a step (a prescription, a PD): a radio with its line, details below, actions on the right. */
export function ChoiceRow(props: { value: number; line: string; details: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Radio
          value={String(props.value)}
          label={
            <Stack gap={0}>
              <Text size="sm">{props.line}</Text>
              {props.details}
            </Stack>
          }
        />
        {props.actions}
      </Group>
    </Paper>
  );
}

/** A step's Cancel and Confirm (§4: each moves the step on); Confirm is disabled while the step is invalid. */
export function StepButtons(props: { onCancel: () => void; onConfirm: () => void; disabled?: boolean }) {
  return (
    <Group>
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button disabled={props.disabled} onClick={props.onConfirm}>
        Confirm
      </Button>
    </Group>
  );
}
