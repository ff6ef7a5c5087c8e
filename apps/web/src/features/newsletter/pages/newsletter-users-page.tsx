import { exportSubscribersAddress, listSubscribers, type SubscriberWire } from "@loupe/contract";
import { exportRefusal, OPT_IN_LABELS, PAGE_SIZE } from "@loupe/domain";
import { Badge, Button, Group, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { DataTable } from "../../../components/data-table";
import { ExportCsvButton } from "../../../components/export-csv-button";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { buildUrl, callEndpoint } from "../../../lib/api-client";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useCurrentUser } from "../../reference/use-reference-data";

// The edit form loads when a subscriber is first opened, not with the list (issue 31: ≤ 200 KB cold).
const UpdateNewsletterModal = lazy(() =>
  import("../update-newsletter-modal").then((m) => ({ default: m.UpdateNewsletterModal })),
);

/** Newsletter Subscribers: e-mail filter (Search, Enter, clear), 30 a page, Update per row. */
export default function NewsletterUsersPage() {
  const [draft, setDraft] = useState("");
  const [email, setEmail] = useState("");
  const { data: me } = useCurrentUser();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SubscriberWire | null>(null);
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ["newsletter", email, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      try {
        // The e-mail is sent only when there is one (spec §5).
        return await callEndpoint(listSubscribers, {
          body: { page, per_page: PAGE_SIZE.newsletter, ...(email ? { email } : {}) },
        });
      } catch (err) {
        // The spec's screen stops the spinner and logs; the table says what failed (issue 52).
        console.error(err);
        throw err;
      }
    },
  });
  const search = () => {
    setEmail(draft.trim());
    setPage(1);
  };
  return (
    <>
      <PageHeader
        title="Newsletter Subscribers"
        actions={
          <ExportCsvButton
            url={buildUrl(exportSubscribersAddress, undefined, { email })}
            fileName="subscribers.csv"
            refusal={exportRefusal(me?.role_id, "subscribers")}
          />
        }
      />
      <Group mb="md">
        <TextInput
          aria-label="Filter by e-mail"
          placeholder="Filter by e-mail"
          w={320}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && search()}
        />
        <Button onClick={search}>Search</Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft("");
            setEmail("");
            setPage(1);
          }}
        >
          Clear
        </Button>
      </Group>
      <DataTable<SubscriberWire>
        rows={data?.data ?? []}
        loading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowKey={(s) => s.id}
        emptyText="No data available."
        columns={[
          { key: "email", title: "Email", render: (s) => s.user_email },
          { key: "country", title: "Country", render: (s) => s.source_country },
          { key: "from", title: "Subscribed From", render: (s) => s.source_name },
          { key: "subject", title: "Subject", render: (s) => OPT_IN_LABELS[s.send_type] },
          {
            key: "channels",
            title: "Channels",
            render: (s) => (
              <Group gap={4}>
                {s.send_email && <Badge variant="light">Email</Badge>}
                {s.send_phone && <Badge variant="light">Phone</Badge>}
                {s.send_sms && <Badge variant="light">Sms</Badge>}
              </Group>
            ),
          },
          { key: "date", title: "Date/Time", render: (s) => formatDateTime(s.created_at) },
          {
            key: "actions",
            title: "Actions",
            render: (s) => (
              <Button size="compact-xs" variant="light" onClick={() => setEditing(s)}>
                Update
              </Button>
            ),
          },
        ]}
      />
      <PaginationBar page={page} perPage={PAGE_SIZE.newsletter} total={data?.total ?? 0} onChange={setPage} />
      {editing && (
        <Suspense fallback={null}>
          <UpdateNewsletterModal
            subscriber={editing}
            onClose={() => setEditing(null)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ["newsletter"] })}
          />
        </Suspense>
      )}
    </>
  );
}
