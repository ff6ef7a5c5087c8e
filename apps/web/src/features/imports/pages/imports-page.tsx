import type { ImportBatchWire } from "@loupe/contract";
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_SOURCE_SYSTEM_LABELS,
  type ImportKind,
} from "@loupe/domain";
import { Anchor, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { useFormatExact } from "../../reference/use-date-format";
import { useImportList } from "../api";
import { NotAllowed } from "../components/not-allowed";
import { StateBadge } from "../components/state-badge";
import { UploadForm } from "../components/upload-form";
import { formatBytes, formatCount } from "../import-words";
import { useImportRule } from "../use-import-rule";

/** /imports: the batches, newest first; /imports/new: the upload step. */
export default function ImportsPage() {
  const verdict = useImportRule();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!verdict.allowed)
    return (
      <>
        <PageHeader title="Imports" />
        <NotAllowed verdict={verdict} />
      </>
    );
  if (pathname === "/imports/new")
    return (
      <>
        <PageHeader title="New import" />
        <Text size="sm" c="dimmed" mb="sm">
          One file of one kind. Nothing is written until you have checked it with a dry run and started the
          import.
        </Text>
        <UploadForm onUploaded={(id) => navigate(`/imports/${id}`)} />
      </>
    );
  return <BatchList />;
}

function BatchList() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const kindParam = search.get("kind");
  const kind = IMPORT_KINDS.includes(kindParam as ImportKind) ? (kindParam as ImportKind) : undefined;
  const list = useImportList(page, kind);
  const formatWhen = useFormatExact();
  return (
    <>
      <PageHeader
        title="Imports"
        actions={
          <Button component={Link} to="/imports/new">
            New import
          </Button>
        }
      />
      <Stack gap="sm">
        <Group>
          <NativeSelect
            label="Kind"
            value={kind ?? ""}
            data={[
              { value: "", label: "All kinds" },
              ...IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] })),
            ]}
            onChange={(e) => {
              const next = new URLSearchParams(search);
              if (e.currentTarget.value) next.set("kind", e.currentTarget.value);
              else next.delete("kind");
              next.delete("page");
              setSearch(next);
            }}
          />
        </Group>
        <DataTable<ImportBatchWire>
          ariaLabel="Import batches"
          rows={list.data?.data ?? []}
          rowKey={(b) => b.id}
          loading={list.isLoading}
          stale={list.isPlaceholderData}
          error={list.error}
          onRetry={() => list.refetch()}
          emptyText={kind ? `No ${IMPORT_KIND_LABELS[kind].toLowerCase()} imports yet.` : "No imports yet."}
          columns={[
            {
              key: "file",
              title: "File",
              render: (b) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={`/imports/${b.id}`} size="sm">
                    {b.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatBytes(b.file_bytes)}
                  </Text>
                </Stack>
              ),
            },
            { key: "kind", title: "Kind", render: (b) => IMPORT_KIND_LABELS[b.kind] },
            { key: "source", title: "From", render: (b) => IMPORT_SOURCE_SYSTEM_LABELS[b.source_system] },
            { key: "state", title: "State", render: (b) => <StateBadge state={b.state} /> },
            {
              key: "counts",
              title: "Rows",
              render: (b) => (
                <Text size="xs">
                  {formatCount(b.counts.rows_in_file)} in file · {formatCount(b.counts.rows_ok)} good ·{" "}
                  {formatCount(b.counts.rows_rejected)} rejected · {formatCount(b.counts.created)} created
                </Text>
              ),
            },
            {
              key: "created",
              title: "Uploaded",
              render: (b) => (
                <Text size="xs">
                  {formatWhen(b.created_at)}
                  {b.created_by ? ` by ${b.created_by.name}` : ""}
                </Text>
              ),
            },
          ]}
        />
        <PaginationBar
          page={page}
          perPage={25}
          total={list.data?.meta.pagination.total ?? 0}
          unknown={!list.data}
          onChange={(p) => {
            const next = new URLSearchParams(search);
            next.set("page", String(p));
            setSearch(next);
          }}
        />
      </Stack>
    </>
  );
}
