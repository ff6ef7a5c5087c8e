import type { ImportBatchWire } from "@loupe/contract";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { confirmAction } from "../../../components/confirm-dialog";
import { useFormatExact } from "../../reference/use-date-format";
import { useImportStep } from "../api";
import { FailureAlert } from "./failure-alert";
import { ReconciliationTable } from "./reconciliation-table";
import { RejectsTable } from "./rejects-table";

/**
 * After the run: the per-outlet counts to check against the old system before the cut-over, then
 * undo the whole batch or mark it final (after which only merges and edits remain).
 */
export function ReconcilePanel({
  batch,
  rejectsPage,
  onRejectsPage,
}: {
  batch: ImportBatchWire;
  rejectsPage: number;
  onRejectsPage: (page: number) => void;
}) {
  const step = useImportStep();
  const formatWhen = useFormatExact();
  const act = (which: "undo" | "final") =>
    step.mutateAsync({ id: batch.id, version: batch.version, step: which });
  return (
    <Stack gap="md" data-testid="reconcile">
      {batch.state === "final" && (
        <Alert color="violet">
          Marked final {formatWhen(batch.final_at)}: this import can no longer be undone.
        </Alert>
      )}
      {batch.state === "undone" && (
        <Alert color="gray">
          Undone {formatWhen(batch.undone_at)}: every record this import made was removed.
        </Alert>
      )}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Reconcile per outlet
        </Title>
        <ReconciliationTable batchId={batch.id} />
      </Paper>
      {(batch.state === "imported" || batch.state === "failed") && (
        <>
          <FailureAlert error={step.error} />
          <Group gap="sm" wrap="wrap">
            <Button
              color="red"
              variant="light"
              onClick={() =>
                confirmAction({
                  title: "Undo this import?",
                  message: "Every record this import made is removed. Records it only linked to are kept.",
                  confirmLabel: "Undo this import",
                  onConfirm: () => act("undo").catch(() => {}),
                })
              }
            >
              Undo this import
            </Button>
            {batch.state === "imported" && (
              <Button
                onClick={() =>
                  confirmAction({
                    title: "Mark this import final?",
                    message:
                      "Once final, this import can no longer be undone as a whole: only merges and edits of its records remain.",
                    confirmLabel: "Mark final",
                    danger: false,
                    onConfirm: () => act("final").catch(() => {}),
                  })
                }
              >
                Mark final
              </Button>
            )}
          </Group>
          {batch.imported_at && (
            <Text size="sm" c="dimmed">
              Imported {formatWhen(batch.imported_at)}.
            </Text>
          )}
        </>
      )}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Rejected
        </Title>
        <RejectsTable batchId={batch.id} page={rejectsPage} onPage={onRejectsPage} />
      </Paper>
    </Stack>
  );
}
