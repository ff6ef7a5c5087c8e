import { type CatalogueImportWire, importCatalogue } from "@loupe/contract";
import { CATALOGUE_CSV_COLUMNS } from "@loupe/domain";
import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";

/** One refused cell of the file, from the server's `rows.<row>.<column>` errors. */
interface CellError {
  row: number | null;
  column: string;
  message: string;
}

/** The 422's field errors as rows of the report, in file order ("file" errors first). */
export function cellErrors(errors: Record<string, string[]>): CellError[] {
  return Object.entries(errors)
    .flatMap(([key, messages]) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
      return messages.map((message) =>
        m
          ? { row: Number(m[1]), column: m[2], message: message.replace(/^Row \d+, \w+: /, "") }
          : { row: null, column: key, message },
      );
    })
    .sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/**
 * The first load of the catalogue from a spreadsheet (issue 44): Check runs the import as a dry
 * run and shows what it would do or every refused cell by row and column; Import is offered only
 * once the same file has passed, and writes all rows or none.
 */
export function CatalogueImport({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CatalogueImportWire | null>(null);
  const [problems, setProblems] = useState<CellError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const { showAlert } = useAlert();

  const send = async (dryRun: boolean) => {
    setFailure(null);
    setProblems([]);
    if (!file) return null;
    try {
      return await callEndpoint(importCatalogue, { body: { csv: await file.text(), dry_run: dryRun } });
    } catch (err) {
      setChecked(null);
      if (err instanceof ApiError && Object.keys(err.errors).length) setProblems(cellErrors(err.errors));
      else setFailure(errorText(err));
      return null;
    }
  };
  const check = useAction(async () => {
    const res = await send(true);
    setChecked(res?.data ?? null);
  });
  const run = useAction(async () => {
    const res = await send(false);
    if (!res) return;
    showAlert({ variant: "success", message: res.message });
    setChecked(null);
    setFile(null);
    onImported();
  });

  return (
    <Paper withBorder p="md" mt="md" data-testid="catalogue-import">
      <Title order={4} mb={4}>
        Import from CSV
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Columns: {CATALOGUE_CSV_COLUMNS.join(", ")} (the first five required). Region is AU, NZ or CA; price
        in dollars. A SKU already in the region is updated, not added again. Nothing is written unless every
        row passes.
      </Text>
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={(f) => {
              setFile(f);
              setChecked(null);
              setProblems([]);
              setFailure(null);
            }}
            clearable
            clearButtonProps={{ "aria-label": "Clear the chosen file" }}
            miw={240}
          />
          <Button variant="default" onClick={() => check.run()} loading={check.isPending} disabled={!file}>
            Check file
          </Button>
          <Button onClick={() => run.run()} loading={run.isPending} disabled={!checked}>
            Import
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {checked && (
          <Alert color="green" data-testid="import-check-passed">
            All {checked.rows} rows can be imported: {checked.created} new, {checked.updated} updated.
          </Alert>
        )}
        {problems.length > 0 && (
          <Stack gap={4} data-testid="import-errors">
            <Text c="red" size="sm" role="alert">
              {problems.length} problem{problems.length === 1 ? "" : "s"} found; nothing was imported.
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table fz="sm" withTableBorder aria-label="Import problems">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problems.map((p) => (
                    <Table.Tr key={`${p.row}-${p.column}-${p.message}`}>
                      <Table.Td>{p.row ?? "—"}</Table.Td>
                      <Table.Td>{p.column}</Table.Td>
                      <Table.Td>{p.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
