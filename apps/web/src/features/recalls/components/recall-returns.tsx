import { RECALL_RETURN_DAYS } from "@loupe/domain";
import { Loader, Paper, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { errorText } from "../../../lib/errors";
import { type RecallsFilter, useRecallReturns } from "../api";
import { rateText } from "../recall-words";

type Row = { key: string; label: string; steps_sent: number; returned: number; rate: number | null };
const count = new Intl.NumberFormat("en-AU");

/**
 * What recalls brought back (issue 28): customers with a new prescription or a job within 90 days
 * of a step, by type, step and outlet, for the list's outlet, type and date range.
 */
export default function RecallReturns({ filter }: { filter: RecallsFilter }) {
  const { data, isLoading, error } = useRecallReturns({
    outlet_id: filter.outlet_id,
    recall_type_id: filter.recall_type_id,
    from: filter.from,
    to: filter.to,
  });
  if (isLoading) return <Loader size="sm" />;
  if (error || !data) return <Text c="red">{errorText(error, "Could not load the return rate.")}</Text>;
  return (
    <Paper withBorder p="md" data-testid="recall-returns">
      <Text size="xs" c="dimmed" mb="sm">
        Returned: a new prescription or job within {RECALL_RETURN_DAYS} days of a recall step.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <ReturnTable title="By type" rows={data.by_type} />
        <ReturnTable title="By step" rows={data.by_step} />
        <ReturnTable title="By outlet" rows={data.by_outlet} />
      </SimpleGrid>
    </Paper>
  );
}

function ReturnTable({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <div>
      <Title order={5} mb={4}>
        {title}
      </Title>
      <Table fz="sm" striped aria-label={`Return rate ${title.toLowerCase()}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">Steps</Table.Th>
            <Table.Th ta="right">Returned</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No steps yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{count.format(r.steps_sent)}</Table.Td>
              <Table.Td ta="right">{count.format(r.returned)}</Table.Td>
              <Table.Td ta="right">{rateText(r.rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
