import type { ImportField } from "@loupe/domain";
import { Skeleton, Table, Text } from "@mantine/core";
import { ErrorState } from "../../../components/error-state";
import { useImportPreview } from "../api";
import { ScrollBox } from "./scroll-box";

/**
 * The first rows as Loupe reads them through the saved mapping: one column per mapped field, a bad
 * cell in red with its reason under the value (read out with the cell, not only shown by colour).
 */
export function PreviewTable({
  batchId,
  fields,
  enabled,
}: {
  batchId: number;
  fields: readonly ImportField[];
  enabled: boolean;
}) {
  const preview = useImportPreview(batchId, enabled);
  if (!enabled)
    return (
      <Text size="sm" c="dimmed">
        Save the mapping to see the first rows as Loupe reads them.
      </Text>
    );
  if (preview.error)
    return <ErrorState error={preview.error} onRetry={() => preview.refetch()} what="the preview" />;
  if (!preview.data) return <Skeleton h={120} />;
  const rows = preview.data.rows;
  const shown = fields.filter((f) =>
    rows.some((r) => f.key in r.values || r.errors.some((e) => e.field === f.key)),
  );
  return (
    <ScrollBox label="First rows, scrolls sideways" minWidth={Math.max(400, shown.length * 120)}>
      <Table
        withTableBorder
        withColumnBorders
        aria-label="Preview of the first rows"
        data-testid="import-preview"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            {shown.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              {shown.map((f) => {
                const error = row.errors.find((e) => e.field === f.key);
                return (
                  <Table.Td
                    key={f.key}
                    bg={error ? "red.0" : undefined}
                    data-bad={error ? "true" : undefined}
                  >
                    <Text size="sm">{row.values[f.key] ?? ""}</Text>
                    {error && (
                      <Text size="xs" c="red.8">
                        {error.column ? `“${error.column}”: ` : ""}
                        {error.reason}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
