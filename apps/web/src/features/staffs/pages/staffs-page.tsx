import {
  disableStaffMember,
  enableStaffMember,
  listStaffMembers,
  type StaffMemberWire,
} from "@loupe/contract";
import { isAdmin, ROLE_LABELS, ROLE_MESSAGES } from "@loupe/domain";
import { Badge, Button, Group, Paper, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { callEndpoint } from "../../../lib/api-client";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useCurrentUser } from "../../reference/use-reference-data";
import { useFailureText } from "../../reference/use-version-conflict";

// The staff form (and its zod rules) loads when a member is first opened (issue 31: ≤ 200 KB cold).
const StaffModal = lazy(() => import("../components/staff-modal").then((m) => ({ default: m.StaffModal })));

const KEY = ["staffs", "members"];
const loadMembers = async () => (await callEndpoint(listStaffMembers)).data;

/** Staff management (ADR 0022): administrators list, add, edit, disable and enable staff members. */
export default function StaffsPage() {
  const { data: me } = useCurrentUser();
  return (
    <>
      <PageHeader title="Staffs" />
      {me && isAdmin(me) ? (
        <StaffManager />
      ) : (
        <Paper withBorder p="md">
          <Text c="dimmed">{ROLE_MESSAGES.staffAdminOnly}</Text>
        </Paper>
      )}
    </>
  );
}

function StaffManager() {
  const { data: me } = useCurrentUser();
  const { data = [], isLoading, error, refetch } = useQuery({ queryKey: KEY, queryFn: loadMembers });
  const [editing, setEditing] = useState<{ member?: StaffMemberWire } | null>(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const formatDateTime = useFormatDateTime();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      // The access log's staff filter and other lists read active staff too.
      queryClient.invalidateQueries({ queryKey: ["reference", "staffs"] }),
    ]);

  const toggleActive = (m: StaffMemberWire) =>
    confirmAction({
      title: m.is_active ? `Disable ${m.full_name}?` : `Enable ${m.full_name}?`,
      message: m.is_active
        ? "They are signed out everywhere at once and cannot sign in until enabled again."
        : "They can sign in again with their password.",
      confirmLabel: m.is_active ? "Disable" : "Enable",
      danger: m.is_active,
      onConfirm: async () => {
        try {
          const res = await callEndpoint(m.is_active ? disableStaffMember : enableStaffMember, {
            params: { id: m.id },
            body: { version: m.version },
          });
          showAlert({ variant: "success", message: res.message });
        } catch (err) {
          showAlert({ variant: "danger", message: failureText(err).text });
        }
        await refresh();
      },
    });

  return (
    <Paper withBorder p="md" data-testid="staff-management">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          {isLoading ? "Loading…" : error ? "" : `${data.length} staff members`}
        </Text>
        <Button size="compact-sm" onClick={() => setEditing({})}>
          Add staff member
        </Button>
      </Group>
      {error ? <ErrorState error={error} onRetry={() => refetch()} /> : null}
      <Table fz="sm" highlightOnHover aria-label="Staff members" hidden={!!error}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Home outlet</Table.Th>
            <Table.Th>Home region</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((m) => (
            <Table.Tr key={m.id} data-testid="staff-row">
              <Table.Td>{m.full_name}</Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>{ROLE_LABELS[m.role_id] ?? m.role_id}</Table.Td>
              <Table.Td>
                {m.home_outlet ? `${m.home_outlet.abbreviation} - ${m.home_outlet.name}` : "—"}
              </Table.Td>
              <Table.Td>{m.home_region?.name ?? "—"}</Table.Td>
              <Table.Td>
                {m.is_active ? (
                  <Badge size="sm" color="green" variant="light">
                    Active
                  </Badge>
                ) : (
                  <Badge size="sm" color="gray" variant="light">
                    Disabled
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{m.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : "Never"}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Edit ${m.full_name}`}
                    onClick={() => setEditing({ member: m })}
                  >
                    Edit
                  </Button>
                  {m.id !== me?.id && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={m.is_active ? "red" : "green"}
                      aria-label={`${m.is_active ? "Disable" : "Enable"} ${m.full_name}`}
                      onClick={() => toggleActive(m)}
                    >
                      {m.is_active ? "Disable" : "Enable"}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && (
        <Suspense fallback={null}>
          <StaffModal
            member={editing.member}
            onClose={() => setEditing(null)}
            onSaved={refresh}
            reload={async () => {
              await refresh();
              return loadMembers();
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
