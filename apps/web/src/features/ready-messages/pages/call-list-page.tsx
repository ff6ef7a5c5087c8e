import { formatWhen } from "@loupe/domain";
import { Button, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { useCurrentOutlet } from "../../reference/use-reference-data";
import { useCallList, useResolveCall } from "../api";

/**
 * "Call these customers" (issue 27): the outlet's ready messages and reminders that failed, or
 * could not go because the customer has no channel we may use. Tick one off once called.
 */
export default function CallListPage() {
  // A failed message on a job links to its outlet's list (it may not be the staff member's own);
  // otherwise the staff member's outlet.
  const [params] = useSearchParams();
  const current = useCurrentOutlet();
  const asked = Number(params.get("outlet_id"));
  const outlet = asked > 0 ? { id: asked } : current;
  const { data, isLoading, error } = useCallList(outlet?.id);
  const resolve = useResolveCall(outlet?.id);
  return (
    <Stack gap="sm" p="md" data-testid="call-list">
      <Title order={3}>Call these customers{data ? ` · ${data.outlet_name}` : ""}</Title>
      <Text size="sm" c="dimmed">
        Their ready-to-collect message or reminder did not reach them. Call, then tick them off.
      </Text>
      {!outlet && <Text size="sm">Choose your outlet at the top first.</Text>}
      {isLoading && <Loader size="sm" />}
      {error && <Text c="red">Could not load the list.</Text>}
      {data && data.data.length === 0 && (
        <Paper withBorder p="md">
          <Text size="sm">Nobody to call: every message went through.</Text>
        </Paper>
      )}
      {data && data.data.length > 0 && (
        <Table striped fz="sm" aria-label="Customers to call">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.customer_name}</Table.Td>
                <Table.Td>{r.mobile || r.phone || r.email || "—"}</Table.Td>
                <Table.Td>
                  <Link to={`/jobs?q=${encodeURIComponent(r.invoice)}`}>{r.invoice}</Link>
                </Table.Td>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>{r.failure}</Table.Td>
                <Table.Td>{formatWhen(r.at, data.time_zone, "exact")}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => resolve.mutate(r.id)}>
                    Called
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
