import { type DeadTaskWire, discardDeadTask, getBackgroundQueue, retryDeadTask } from "@loupe/contract";
import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../../../app/alert-context";
import { confirmed } from "../../../components/confirm-dialog";
import { DataTable } from "../../../components/data-table";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useFormatDateTime } from "../../reference/use-date-format";

/**
 * The background queue's dead letter (ADR 0054), below the Outbox: tasks whose tries ran out (a
 * sync, a poll, a posting), with Retry (a fresh round of tries, now) and Discard, and how many
 * tasks of each kind are waiting, running or dead.
 */
export function DeadLetter() {
  const formatDateTime = useFormatDateTime();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const { data, isLoading, error } = useQuery({
    queryKey: ["background-queue"],
    queryFn: async () => (await callEndpoint(getBackgroundQueue, { query: { limit: 100 } })).data,
    refetchInterval: 10_000,
  });
  const kinds = data?.kinds ?? [];
  const dead = data?.dead ?? [];
  const act = useAction(async (task: DeadTaskWire, how: "retry" | "discard") => {
    try {
      if (how === "retry") {
        await callEndpoint(retryDeadTask, { params: { id: task.id } });
        showAlert({ variant: "success", message: `Running again: ${task.kind}` });
      } else {
        if (
          !(await confirmed({ title: `Discard this ${task.kind} task for good?`, confirmLabel: "Discard" }))
        )
          return;
        await callEndpoint(discardDeadTask, { params: { id: task.id } });
        showAlert({ variant: "success", message: `Discarded: ${task.kind}` });
      }
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
    await queryClient.invalidateQueries({ queryKey: ["background-queue"] });
  });
  const busy = (task: DeadTaskWire, how: string) =>
    act.isPending && act.variables?.[0].id === task.id && act.variables?.[1] === how;
  return (
    <Stack gap="xs" mt="xl">
      <Title order={3}>Background tasks that gave up</Title>
      <Group gap="xs" role="group" aria-label="Background tasks by kind">
        {kinds.map((k) => (
          <Badge key={k.kind} variant="light" color={k.dead ? "red" : "gray"}>
            {k.kind}: {k.due} due · {k.running} running · {k.dead} dead
          </Badge>
        ))}
      </Group>
      <DataTable<DeadTaskWire>
        ariaLabel="Dead letter"
        rows={dead}
        loading={isLoading}
        error={error}
        rowKey={(t) => t.id}
        emptyText="No background task has given up."
        columns={[
          { key: "kind", title: "Task", width: 200, render: (t) => <Text size="sm">{t.kind}</Text> },
          { key: "key", title: "For", render: (t) => t.key ?? "—" },
          {
            key: "error",
            title: "Last error",
            width: "40%",
            render: (t) => (
              <Text size="xs" c="red.9">
                {t.last_error ?? "—"} ({t.attempts} {t.attempts === 1 ? "try" : "tries"})
              </Text>
            ),
          },
          { key: "dead", title: "Gave up", width: 170, render: (t) => formatDateTime(t.dead_at) },
          {
            key: "actions",
            title: "",
            width: 170,
            render: (t) => (
              <Group gap={6} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => act.run(t, "retry")}
                  loading={busy(t, "retry")}
                >
                  Retry
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => act.run(t, "discard")}
                  loading={busy(t, "discard")}
                >
                  Discard
                </Button>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
