import { formatCalendarDay } from "@loupe/domain";
import { Button, Group, Loader, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useCurrentOutlet, useOutlets } from "../../reference/use-reference-data";
import { useFinishRecallCall, useRecallCalls } from "../api";

const OUTCOMES = [
  { outcome: "booked", label: "Booked" },
  { outcome: "declined", label: "Declined" },
  { outcome: "no_answer", label: "No answer" },
] as const;

/** The outlet's recall phone calls still to make, with the caller's script; tick each off with its outcome. */
export default function RecallCalls() {
  const { data: outlets = [] } = useOutlets();
  const current = useCurrentOutlet();
  const { showAlert } = useAlert();
  const [outletId, setOutletId] = useState<string | null>(current ? String(current.id) : null);
  const { data, isLoading, error } = useRecallCalls(outletId ? Number(outletId) : undefined);
  const finish = useFinishRecallCall();
  async function done(stepId: number, outcome: (typeof OUTCOMES)[number]["outcome"]) {
    try {
      const res = await finish.mutateAsync({ stepId, outcome });
      showAlert({ variant: "success", message: res.message });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }
  return (
    <Stack gap="sm" data-testid="recall-calls">
      <Select
        label="Outlet"
        size="xs"
        w={200}
        searchable
        allowDeselect={false}
        data={outlets.map((o) => ({ value: String(o.id), label: o.name }))}
        value={outletId}
        onChange={setOutletId}
      />
      {isLoading && <Loader size="sm" />}
      {error && <Text c="red">{errorText(error, "Could not load the calls.")}</Text>}
      {data && data.data.length === 0 && (
        <Paper withBorder p="md">
          <Text size="sm">No recall calls to make at {data.outlet_name}.</Text>
        </Paper>
      )}
      {data && data.data.length > 0 && (
        <Table striped fz="sm" aria-label="Recall calls">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Recall</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Script</Table.Th>
              <Table.Th>Done</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((c) => (
              <Table.Tr key={c.step_id}>
                <Table.Td>
                  <Link to={`/customers/${c.customer.id}`}>{c.customer.name}</Link>
                </Table.Td>
                <Table.Td>{c.mobile || c.phone || "—"}</Table.Td>
                <Table.Td>{c.recall_type}</Table.Td>
                <Table.Td>{formatCalendarDay(c.due_date)}</Table.Td>
                <Table.Td maw={360}>
                  <Text size="xs">{c.script}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {OUTCOMES.map((o) => (
                      <Button
                        key={o.outcome}
                        size="compact-xs"
                        variant="light"
                        disabled={finish.isPending}
                        aria-label={`${c.customer.name}: ${o.label}`}
                        onClick={() => done(c.step_id, o.outcome)}
                      >
                        {o.label}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
