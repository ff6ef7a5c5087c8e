import { listOutbox, type OutboxMessageWire } from "@loupe/contract";
import { Badge, Code, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { callEndpoint } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useCurrentUser } from "../../reference/use-reference-data";

const STATUS_COLOUR = { queued: "yellow", sent: "green", failed: "red" } as const;

/** Every e-mail and SMS the system queued or sent, newest first (for demo and support). */
export default function OutboxPage() {
  const { data: user } = useCurrentUser();
  const [expanded, setExpanded] = useState(new Set<number>());
  const { data, isLoading } = useQuery({
    queryKey: ["outbox"],
    queryFn: async () => (await callEndpoint(listOutbox, { query: { limit: 200 } })).data,
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
        rows={data ?? []}
        loading={isLoading}
        rowKey={(m) => m.id}
        expanded={expanded}
        renderExpanded={(m) => <Code block>{m.body}</Code>}
        columns={[
          {
            key: "channel",
            title: "Channel",
            render: (m) => <Badge variant="light">{m.channel.toUpperCase()}</Badge>,
          },
          { key: "to", title: "To", render: (m) => m.recipient },
          {
            key: "subject",
            title: "Subject / message",
            render: (m) => (
              <UnstyledButton onClick={() => toggle(m.id)}>
                <Text size="sm" lineClamp={1}>
                  {m.subject ?? m.body}
                </Text>
              </UnstyledButton>
            ),
          },
          {
            key: "status",
            title: "Status",
            render: (m) => (
              <Badge color={STATUS_COLOUR[m.status]} title={m.error ?? undefined}>
                {m.status}
              </Badge>
            ),
          },
          { key: "created", title: "Created", render: (m) => formatDateTime(m.created_at, user?.region_id) },
        ]}
      />
    </>
  );
}
