import { formatWhen } from "@loupe/domain";
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useCancelJobMessage, useJobCustomerMessages } from "../api";

const STATUS = {
  queued: { colour: "yellow", word: "Queued" },
  sent: { colour: "green", word: "Sent" },
  cancelled: { colour: "gray", word: "Cancelled" },
  failed: { colour: "red", word: "Failed: call the customer" },
} as const;

/**
 * The expanded job's customer messages (issue 27): the ready-to-collect message and reminders with
 * their send time on the outlet's clock, Cancel while one is queued, and the status link with how
 * often it was opened.
 */
export function JobCustomerMessages({ jobId }: { jobId: number }) {
  const { data, isLoading, error } = useJobCustomerMessages(jobId);
  const cancel = useCancelJobMessage(jobId);
  return (
    <Paper withBorder p="xs" bg="white" data-testid="job-customer-messages">
      <Text size="sm" fw={600} mb={4}>
        Customer messages
      </Text>
      {isLoading && <Loader size="xs" />}
      {error && (
        <Text size="sm" c="red">
          Could not load the customer messages.
        </Text>
      )}
      {data && (
        <Stack gap={6}>
          {data.messages.length === 0 && (
            <Text size="sm" c="dimmed">
              None yet: a message is queued when the job is ready to collect.
            </Text>
          )}
          {data.messages.map((m) => (
            <Group key={m.id} gap="xs" data-testid="job-message" wrap="nowrap">
              <Badge color={STATUS[m.status].colour} variant="light" miw={90}>
                {STATUS[m.status].word}
              </Badge>
              <Text size="sm">
                {m.label}
                {m.channel ? ` by ${m.channel === "sms" ? "SMS" : "e-mail"}` : ""}
                {m.status === "queued" && (
                  <>
                    {", sends "}
                    <strong data-testid="send-at">
                      {formatWhen(m.send_at, data.time_zone, "exact", { zone: true })}
                    </strong>
                  </>
                )}
                {m.status === "sent" && `, sent ${formatWhen(m.send_at, data.time_zone, "exact")}`}
                {m.failure && m.status === "failed" && ` (${m.failure}) `}
                {m.status === "failed" && (
                  <Anchor component={Link} to={`/call-list?outlet_id=${m.outlet_id}`} size="sm">
                    Call list
                  </Anchor>
                )}
              </Text>
              {m.status === "queued" && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  loading={cancel.isPending && cancel.variables === m.id}
                  onClick={() => cancel.mutate(m.id)}
                >
                  Cancel message
                </Button>
              )}
            </Group>
          ))}
          {cancel.error && (
            <Text size="sm" c="red" role="alert">
              {cancel.error.message}
            </Text>
          )}
          <Text size="sm" data-testid="status-link">
            <Anchor href={data.status_link.url} target="_blank" rel="noopener noreferrer" size="sm">
              Customer's status link
            </Anchor>
            {" · "}
            <span data-testid="status-link-reads">
              opened {data.status_link.reads} {data.status_link.reads === 1 ? "time" : "times"}
            </span>
            {data.status_link.last_read_at &&
              `, last ${formatWhen(data.status_link.last_read_at, data.time_zone, "exact")}`}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
