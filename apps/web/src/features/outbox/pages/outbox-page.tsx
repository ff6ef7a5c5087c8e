import { listOutbox, type OutboxMessageWire } from "@loupe/contract";
import { ActionIcon, Badge, Code, Group, Text } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { callEndpoint } from "../../../lib/api-client";
import { useFormatDateTime } from "../../reference/use-date-format";

const STATUS_COLOUR = { queued: "yellow", sent: "green", failed: "red" } as const;

/** Every e-mail and SMS the system queued or sent, newest first: where staff check what went out. */
export default function OutboxPage() {
  const formatDateTime = useFormatDateTime();
  const [expanded, setExpanded] = useState(new Set<number>());
  const { data, isLoading } = useQuery({
    queryKey: ["outbox"],
    queryFn: async () => (await callEndpoint(listOutbox, { query: { limit: 200 } })).data,
    // Queued messages turn to sent in the background; keep the page current without a reload.
    refetchInterval: 10_000,
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
      <PageHeader title="Outbox" />
      <DataTable<OutboxMessageWire>
        ariaLabel="Outbox"
        rows={data ?? []}
        loading={isLoading}
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
            width: 90,
            render: (m) => (
              <Badge color={STATUS_COLOUR[m.status]} title={m.error ?? undefined}>
                {m.status}
              </Badge>
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
    </>
  );
}
