import type { ImportBatchWire } from "@loupe/contract";
import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { confirmAction } from "../../../components/confirm-dialog";
import { useImportStep } from "../api";
import { formatCount, formatRate, formatTimeLeft } from "../import-words";
import { FailureAlert } from "./failure-alert";

/**
 * A running (or paused) import: rows done of the total, rows per second and time left as the server
 * measures them, and Pause / Resume (a pause takes effect after the current batch of rows).
 */
export function RunProgress({ batch }: { batch: ImportBatchWire }) {
  const step = useImportStep();
  const { rows_done, rows_total, rows_per_second, seconds_left } = batch.progress;
  const total = rows_total ?? batch.counts.rows_ok;
  const percent = total > 0 ? Math.min(100, (rows_done / total) * 100) : 0;
  const paused = batch.state === "paused";
  return (
    <Paper withBorder p="md" data-testid="import-progress">
      <Stack gap="sm">
        <Text fw={500} role="status" aria-live="polite">
          {paused ? "Paused" : batch.state === "undoing" ? "Undoing" : "Importing"}: {formatCount(rows_done)}{" "}
          of {formatCount(total)} rows
        </Text>
        <Progress value={percent} size="lg" animated={!paused} aria-label="Rows imported" />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Text size="sm">
            Speed: <strong data-testid="import-rate">{paused ? "–" : formatRate(rows_per_second)}</strong>
          </Text>
          <Text size="sm">
            Time left:{" "}
            <strong data-testid="import-time-left">{paused ? "paused" : formatTimeLeft(seconds_left)}</strong>
          </Text>
          <Text size="sm">{Math.floor(percent)}% done</Text>
        </SimpleGrid>
        <FailureAlert error={step.error} />
        {batch.state !== "undoing" && (
          <Group>
            <Button
              variant={paused ? "filled" : "default"}
              loading={step.isPending}
              onClick={() =>
                step.mutate({ id: batch.id, version: batch.version, step: paused ? "resume" : "pause" })
              }
            >
              {paused ? "Resume" : "Pause"}
            </Button>
            {paused && (
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  confirmAction({
                    title: "Undo this import?",
                    message: "The rows imported so far are removed. Records it only linked to are kept.",
                    confirmLabel: "Undo this import",
                    onConfirm: () =>
                      step
                        .mutateAsync({ id: batch.id, version: batch.version, step: "undo" })
                        .catch(() => {}),
                  })
                }
              >
                Undo this import
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
