import { endMySession, listMySessions, type SessionWire } from "@loupe/contract";
import { Badge, Button, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { PageHeader } from "../../../components/page-header";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useFormatDateTime } from "../../reference/use-date-format";

/** My signed-in sessions (issue 25): device, address and last use; any of them can be signed out. */
export default function MySessionsPage() {
  const formatDateTime = useFormatDateTime();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({
    queryKey: ["my-sessions"],
    queryFn: async () => (await callEndpoint(listMySessions, {})).data,
  });
  const end = useAction(async (s: SessionWire) => {
    if (s.current) {
      navigate("/logout");
      return;
    }
    try {
      await callEndpoint(endMySession, { params: { id: s.id } });
      showAlert({ variant: "success", message: "Signed out." });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
    await queryClient.invalidateQueries({ queryKey: ["my-sessions"] });
  });
  return (
    <>
      <PageHeader title="My sessions" />
      {isLoading ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Table striped aria-label="My sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data ?? []).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {s.device ?? "Unknown device"}{" "}
                  {s.current && (
                    <Badge size="sm" color="green">
                      This session
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{s.address ?? "—"}</Table.Td>
                <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
                <Table.Td>{formatDateTime(s.last_used_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => end.run(s)}
                    loading={end.isPending && end.variables?.[0]?.id === s.id}
                  >
                    Sign out
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
