import { deletePrescription, emailPrescription, type PrescriptionWire } from "@loupe/contract";
import {
  PLEASE_EDIT_PRESCRIPTION,
  PRESCRIPTION_EMAIL_FAILED,
  PRESCRIPTION_EMAILED,
  PRESCRIPTION_TYPE_NAMES,
} from "@loupe/domain";
import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { formatDate } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { useFormatDay } from "../../reference/use-date-format";
import { useFailureText } from "../../reference/use-version-conflict";
import { customerKeys, usePrescriptions } from "../api";
import { PrescriptionModal } from "./prescription-modal";

/** A customer's prescriptions, newest first, with Edit / Remove / Send (code-generated ones: Send only). */
export function PrescriptionsPanel({ customerId }: { customerId: number }) {
  const { data = [], isLoading } = usePrescriptions(customerId);
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PrescriptionWire | "new" | null>(null);
  const formatDay = useFormatDay();
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.prescriptions(customerId) });

  const send = useAction(async (rx: PrescriptionWire) => {
    try {
      await callEndpoint(emailPrescription, { params: { id: rx.id }, body: {} });
      showAlert({ variant: "success", message: PRESCRIPTION_EMAILED });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err, PRESCRIPTION_EMAIL_FAILED) });
    }
  });
  const remove = (rx: PrescriptionWire) =>
    confirmAction({
      title: "Delete prescription",
      message: "This cannot be undone.",
      onConfirm: async () => {
        try {
          await callEndpoint(deletePrescription, { params: { id: rx.id }, query: { version: rx.version } });
          refresh();
        } catch (err) {
          const failure = failureText(err);
          showAlert({ variant: "danger", message: failure.text });
          if (failure.conflict) refresh();
        }
      },
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Prescriptions</Text>
        <Button size="xs" onClick={() => setEditing("new")}>
          Add prescription
        </Button>
      </Group>
      {isLoading ? null : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No prescriptions yet.
        </Text>
      ) : (
        data.map((rx) => (
          <Paper key={rx.id} withBorder p="xs" data-testid="prescription-card">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Badge variant="light">{PRESCRIPTION_TYPE_NAMES[rx.type_id]}</Badge>
                  {rx.category_display && <Badge variant="outline">Category {rx.category_display}</Badge>}
                  <Badge color="gray" variant="light">
                    {rx.source.data.name}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDay(rx.created_at)} · Expiry{" "}
                    {/^\d{4}-\d{2}-\d{2}/.test(rx.expiry_date_stamp)
                      ? formatDate(rx.expiry_date_stamp)
                      : rx.expiry_date_stamp}
                  </Text>
                </Group>
                <Table withRowBorders={false} fz="sm" w={420}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td w={50}>Right</Table.Td>
                      <Table.Td>{rx.standardised_prescription_display_array.right}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>Left</Table.Td>
                      <Table.Td>{rx.standardised_prescription_display_array.left}</Table.Td>
                    </Table.Tr>
                    {rx.standardised_prescription_display_array.add && (
                      <Table.Tr>
                        <Table.Td>Add</Table.Td>
                        <Table.Td>{rx.standardised_prescription_display_array.add}</Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
                {rx.prism_string && <Text size="xs">Prism: {rx.prism_string}</Text>}
              </Stack>
              <Group gap="xs">
                {rx.is_file_only ? (
                  <Text size="sm" c="orange">
                    {PLEASE_EDIT_PRESCRIPTION}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send.run(rx)}
                    loading={send.isPending && send.variables?.[0].id === rx.id}
                  >
                    Send
                  </Button>
                )}
                {rx.can_edit && (
                  <>
                    <Button size="xs" variant="light" onClick={() => setEditing(rx)}>
                      Edit
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => remove(rx)}>
                      Remove
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </Paper>
        ))
      )}
      {editing && (
        <PrescriptionModal
          customerId={customerId}
          prescription={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Stack>
  );
}
