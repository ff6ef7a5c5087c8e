import type { ImportField } from "@loupe/domain";
import { Alert, NativeSelect, Skeleton, Stack, Table, Text } from "@mantine/core";
import { ErrorState } from "../../../components/error-state";
import { useColumnValues } from "../api";
import { formatCount } from "../import-words";
import { useCodeOptions } from "../use-code-options";
import { ScrollBox } from "./scroll-box";

/**
 * A code field's value map: each distinct value of its column (most frequent first) and the Loupe
 * code it becomes. A value left unmapped is a rejected cell in the dry run.
 */
export function ValueMapEditor({
  batchId,
  field,
  column,
  map,
  onChange,
}: {
  batchId: number;
  field: ImportField;
  column: string;
  map: Record<string, string>;
  onChange: (map: Record<string, string>) => void;
}) {
  const values = useColumnValues(batchId, column);
  const { options } = useCodeOptions(field.codes);
  if (values.error)
    return <ErrorState error={values.error} onRetry={() => values.refetch()} what="the values" />;
  if (!values.data) return <Skeleton h={80} />;
  const unmapped = values.data.values.filter((v) => !map[v.value]).length;
  return (
    <Stack gap="xs" data-testid={`value-map-${field.key}`}>
      <Text size="sm" c={unmapped ? "red.8" : "dimmed"}>
        {unmapped
          ? `${unmapped} of the values in “${column}” are not mapped: their rows will be rejected.`
          : `Every value in “${column}” is mapped.`}
      </Text>
      <ScrollBox label={`Values of ${column}, scrolls sideways`} minWidth={320}>
        <Table striped withTableBorder aria-label={`Values of ${column} for ${field.label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>In the file</Table.Th>
              <Table.Th>Rows</Table.Th>
              <Table.Th>In Loupe</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.data.values.map((v) => (
              <Table.Tr key={v.value}>
                <Table.Td>{v.value === "" ? <em>(blank)</em> : v.value}</Table.Td>
                <Table.Td>{formatCount(v.rows)}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`${field.label} for “${v.value}”`}
                    value={map[v.value] ?? ""}
                    data={[
                      { value: "", label: "— not mapped —" },
                      ...options.map((o) => ({ value: o.code, label: o.label })),
                    ]}
                    onChange={(e) => {
                      const next = { ...map };
                      if (e.currentTarget.value) next[v.value] = e.currentTarget.value;
                      else delete next[v.value];
                      onChange(next);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {values.data.more && (
        <Alert color="yellow" p="xs">
          The column has more distinct values than listed here; the dry run names any left unmapped.
        </Alert>
      )}
    </Stack>
  );
}
