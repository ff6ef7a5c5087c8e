import { IMPORT_KIND_LABELS } from "@loupe/domain";
import { Skeleton, Table, Text } from "@mantine/core";
import { ErrorState } from "../../../components/error-state";
import { useImportReconciliation } from "../api";
import { formatCount } from "../import-words";
import { ScrollBox } from "./scroll-box";

/**
 * Per outlet: rows in the file, imported, rejected, merged into a record Loupe had, imported before.
 * After a dry run "imported" reads as the rows that would be.
 */
export function ReconciliationTable({ batchId }: { batchId: number }) {
  const rec = useImportReconciliation(batchId);
  const data = rec.data;
  if (rec.error) return <ErrorState error={rec.error} onRetry={() => rec.refetch()} what="the counts" />;
  if (!data) return <Skeleton h={80} />;
  const sum = (key: "in_file" | "imported" | "rejected" | "merged" | "already_imported") =>
    data.rows.reduce((n, r) => n + r[key], 0);
  return (
    <>
      <ScrollBox label="Per outlet, scrolls sideways" minWidth={520}>
        <Table withTableBorder striped aria-label={`${IMPORT_KIND_LABELS[data.kind]} per outlet`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Outlet</Table.Th>
              <Table.Th ta="right">In file</Table.Th>
              <Table.Th ta="right">Imported</Table.Th>
              <Table.Th ta="right">Rejected</Table.Th>
              <Table.Th ta="right">Merged</Table.Th>
              <Table.Th ta="right">Already imported</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.outlet_id ?? "none"}>
                <Table.Td>{r.outlet_name ?? "(no outlet)"}</Table.Td>
                <Table.Td ta="right">{formatCount(r.in_file)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.imported)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.rejected)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.merged)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.already_imported)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>All outlets</Table.Th>
              <Table.Th ta="right">{formatCount(sum("in_file"))}</Table.Th>
              <Table.Th ta="right">{formatCount(sum("imported"))}</Table.Th>
              <Table.Th ta="right">{formatCount(sum("rejected"))}</Table.Th>
              <Table.Th ta="right">{formatCount(sum("merged"))}</Table.Th>
              <Table.Th ta="right">{formatCount(sum("already_imported"))}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollBox>
      <Text size="sm" c="dimmed" mt="xs">
        {IMPORT_KIND_LABELS[data.kind]} of this batch now in Loupe: {formatCount(data.in_loupe)}
      </Text>
    </>
  );
}
