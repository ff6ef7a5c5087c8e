import { formatWhen } from "@loupe/domain";
import { Loader, Paper, Table, Text } from "@mantine/core";
import { useJobEvents } from "../../api/job-actions";

/** Every change to the job, oldest first: when (the outlet's time zone), who, and what changed. */
export function JobTimeline({ jobId }: { jobId: number }) {
  const { data, isLoading, error } = useJobEvents(jobId);
  return (
    <Paper withBorder p="xs" bg="white" data-testid="job-timeline">
      <Text size="sm" fw={600} mb={4}>
        Timeline
      </Text>
      {isLoading && <Loader size="xs" />}
      {error && (
        <Text size="sm" c="red">
          Could not load the timeline.
        </Text>
      )}
      {data && data.events.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes yet.
        </Text>
      )}
      {data && data.events.length > 0 && (
        <Table fz="sm" verticalSpacing={4} aria-label="Timeline">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190}>When</Table.Th>
              <Table.Th w={160}>Who</Table.Th>
              <Table.Th>What changed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatWhen(e.created_at, data.time_zone, "exact")}</Table.Td>
                <Table.Td>{e.by}</Table.Td>
                <Table.Td>{e.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
