import type { ImportBatchWire } from "@loupe/contract";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useImportStep } from "../api";
import { formatCount } from "../import-words";
import { FailureAlert } from "./failure-alert";
import { ReconciliationTable } from "./reconciliation-table";
import { RejectsTable } from "./rejects-table";

function Figure({ label, value, color }: { label: string; value: number | null; color?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600} c={color} data-testid={`figure-${label.toLowerCase().replace(/\W+/g, "-")}`}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/**
 * What the dry run found: rows read, good, refused; the counts per outlet; each refused cell with its
 * line, column, value and reason. Staff go back to the mapping to fix a value map and check again,
 * or import the good rows.
 */
export function DryRunReport({
  batch,
  rejectsPage,
  onRejectsPage,
  onBackToMapping,
}: {
  batch: ImportBatchWire;
  rejectsPage: number;
  onRejectsPage: (page: number) => void;
  onBackToMapping: () => void;
}) {
  const step = useImportStep();
  const { rows_in_file, rows_ok, rows_rejected } = batch.counts;
  return (
    <Stack gap="md" data-testid="dry-run-report">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Rows in file" value={rows_in_file} />
        <Figure label="Good rows" value={rows_ok} color="teal.8" />
        <Figure label="Rejected rows" value={rows_rejected} color={rows_rejected ? "red.8" : undefined} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Per outlet
        </Title>
        <ReconciliationTable batchId={batch.id} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Rejected
        </Title>
        <RejectsTable batchId={batch.id} page={rejectsPage} onPage={onRejectsPage} />
      </Paper>
      <FailureAlert error={step.error} />
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={onBackToMapping}>
          Back to the mapping
        </Button>
        <Button
          disabled={rows_ok === 0}
          loading={step.isPending}
          onClick={() => step.mutate({ id: batch.id, version: batch.version, step: "run" })}
        >
          Import {formatCount(rows_ok)} {rows_ok === 1 ? "row" : "rows"}
        </Button>
      </Group>
    </Stack>
  );
}
