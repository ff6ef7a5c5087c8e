import { deletePd, type PdWire } from "@loupe/contract";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { useFormatDay } from "../../reference/use-date-format";
import { useFailureText } from "../../reference/use-version-conflict";
import { customerKeys, usePds } from "../api";
import { PdModal } from "./pd-modal";

const v = (n: number | null | undefined) => (n == null ? "—" : String(n));

/** A customer's PDs, newest first, with Edit, Duplicate and Remove. */
export function PdsPanel({ customerId }: { customerId: number }) {
  const { data = [], isLoading } = usePds(customerId);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const [modal, setModal] = useState<{ pd?: PdWire; mode: "new" | "edit" | "duplicate" } | null>(null);
  const formatDay = useFormatDay();
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.pds(customerId) });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Pupil Distances</Text>
        <Button size="xs" onClick={() => setModal({ mode: "new" })}>
          Add PD
        </Button>
      </Group>
      {!isLoading && data.length === 0 && (
        <Text c="dimmed" size="sm">
          No PDs yet.
        </Text>
      )}
      {data.map((pd) => (
        <Paper key={pd.id} withBorder p="xs" data-testid="pd-card">
          <Group justify="space-between">
            <Group gap="xs">
              <Badge variant="light">{pd.is_complex ? "Complex" : "Simple"}</Badge>
              <Text size="sm">
                Distance {v(pd.binocular_dist_pd)} (R {v(pd.right_dist_pd)} / L {v(pd.left_dist_pd)})
                {pd.is_complex
                  ? ` · Int ${v(pd.binocular_int_pd)} · Reading ${v(pd.binocular_reading_pd)}`
                  : ""}
              </Text>
              <Text size="xs" c="dimmed">
                {pd.source.data.name} · {formatDay(pd.created_at)}
              </Text>
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setModal({ pd, mode: "edit" })}>
                Edit
              </Button>
              <Button size="xs" variant="default" onClick={() => setModal({ pd, mode: "duplicate" })}>
                Duplicate
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() =>
                  confirmAction({
                    title: "Delete PD",
                    message: "This cannot be undone.",
                    onConfirm: async () => {
                      try {
                        await callEndpoint(deletePd, {
                          params: { id: pd.id },
                          query: { version: pd.version },
                        });
                        refresh();
                      } catch (err) {
                        const failure = failureText(err);
                        showAlert({ variant: "danger", message: failure.text });
                        if (failure.conflict) refresh();
                      }
                    },
                  })
                }
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {modal && (
        <PdModal
          customerId={customerId}
          pd={modal.pd}
          mode={modal.mode}
          onClose={() => setModal(null)}
          onSaved={refresh}
        />
      )}
    </Stack>
  );
}
