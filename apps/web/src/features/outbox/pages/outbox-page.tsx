import { exportOutboxAddress, listOutbox, type OutboxMessageWire, retryOutboxMessage } from "@loupe/contract";
import { exportRefusal } from "@loupe/domain";
import { ActionIcon, Badge, Button, Code, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { DataTable } from "../../../components/data-table";
import { ExportCsvButton } from "../../../components/export-csv-button";
import { PageHeader } from "../../../components/page-header";
import { buildUrl, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useCurrentUser } from "../../reference/use-reference-data";
import { DeadLetter } from "../components/dead-letter";

const STATUS_COLOUR = {
  queued: "yellow",
  sending: "blue",
  sent: "green",
  failed: "red",
  cancelled: "gray",
} as const;
const FILTERS = ["all", "failed", "queued", "sent"] as const;
type Filter = (typeof FILTERS)[number];

/** Every e-mail and SMS the system queued or sent, newest first: where staff check what went out. */
export default function OutboxPage() {
  const formatDateTime = useFormatDateTime();
  const { data: me } = useCurrentUser();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter: Filter = FILTERS.find((f) => f === params.get("status")) ?? "all";
  const [expanded, setExpanded] = useState(new Set<number>());
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ["outbox", filter],
    queryFn: async () =>
      (
        await callEndpoint(listOutbox, {
          query: { limit: 200, ...(filter === "all" ? {} : { status: filter }) },
        })
      ).data,
    // Queued messages turn to sent in the background; keep the page current without a reload.
    refetchInterval: 10_000,
  });
  const retry = useAction(async (m: OutboxMessageWire) => {
    try {
      await callEndpoint(retryOutboxMessage, { params: { id: m.id } });
      showAlert({ variant: "success", message: `Queued again: ${m.recipient}` });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
    await queryClient.invalidateQueries({ queryKey: ["outbox"] });
  });
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <PageHeader
        title="Outbox"
        actions={
          <Group gap="xs">
            <ExportCsvButton
              url={buildUrl(exportOutboxAddress, undefined, filter === "all" ? {} : { status: filter })}
              fileName="outbox.csv"
              refusal={exportRefusal(me?.role_id, "outbox")}
            />
            <SegmentedControl
              aria-label="Show messages"
              value={filter}
              onChange={(v) => setParams(v === "all" ? {} : { status: v }, { replace: true })}
              data={[
                { value: "all", label: "All" },
                { value: "failed", label: "Failed" },
                { value: "queued", label: "Queued" },
                { value: "sent", label: "Sent" },
              ]}
            />
          </Group>
        }
      />
      <DataTable<OutboxMessageWire>
        ariaLabel="Outbox"
        rows={data ?? []}
        loading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowKey={(m) => m.id}
        expanded={expanded}
        renderExpanded={(m) => (
          <Code block style={{ whiteSpace: "pre-wrap" }}>
            {m.body}
          </Code>
        )}
        columns={[
          {
            key: "channel",
            title: "Channel",
            width: 90,
            render: (m) => <Badge variant="light">{m.channel === "sms" ? "SMS" : "E-mail"}</Badge>,
          },
          { key: "to", title: "To", render: (m) => m.recipient },
          { key: "subject", title: "Subject", render: (m) => m.subject ?? "—" },
          {
            key: "body",
            title: "Message",
            width: "40%",
            render: (m) => (
              <Group gap={4} wrap="nowrap" align="flex-start">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={expanded.has(m.id) ? "Hide message" : "Show message"}
                  onClick={() => toggle(m.id)}
                >
                  {expanded.has(m.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
                <Text size="sm" lineClamp={1} c="dimmed">
                  {m.body}
                </Text>
              </Group>
            ),
          },
          {
            key: "status",
            title: "Status",
            width: 260,
            render: (m) => (
              <Stack gap={2} align="flex-start">
                <Group gap={6}>
                  <Badge color={STATUS_COLOUR[m.status]}>{m.status}</Badge>
                  {m.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                    </Text>
                  )}
                  {m.status === "failed" && m.retryable && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => retry.run(m)}
                      loading={retry.isPending && retry.variables?.[0].id === m.id}
                    >
                      Retry
                    </Button>
                  )}
                </Group>
                {m.error && (
                  <Text size="xs" c="red.9">
                    {m.error}
                  </Text>
                )}
                {m.status === "queued" && m.next_attempt_at && m.attempts > 0 && (
                  <Text size="xs" c="dimmed">
                    Next try {formatDateTime(m.next_attempt_at)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: "created",
            title: "Created",
            width: 170,
            render: (m) => formatDateTime(m.created_at),
          },
        ]}
      />
      <DeadLetter />
    </>
  );
}
