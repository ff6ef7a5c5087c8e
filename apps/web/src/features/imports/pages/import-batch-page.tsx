import { IMPORT_KIND_LABELS, IMPORT_SOURCE_SYSTEM_LABELS } from "@loupe/domain";
import { Alert, Anchor, Group, Paper, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { useFormatExact } from "../../reference/use-date-format";
import { useImportBatch } from "../api";
import { DryRunReport } from "../components/dry-run-report";
import { MappingScreen } from "../components/mapping-screen";
import { NotAllowed } from "../components/not-allowed";
import { ReconcilePanel } from "../components/reconcile-panel";
import { RunProgress } from "../components/run-progress";
import { StateBadge } from "../components/state-badge";
import { formatBytes, formatCount } from "../import-words";
import { useImportRule } from "../use-import-rule";

/** /imports/:id — the batch's step follows its state; `?step=mapping` goes back to the mapping of a checked one. */
export default function ImportBatchPage() {
  const verdict = useImportRule();
  const id = Number(useParams().id);
  if (!verdict.allowed)
    return (
      <>
        <PageHeader title="Import" />
        <NotAllowed verdict={verdict} />
      </>
    );
  return <Batch id={id} />;
}

function Batch({ id }: { id: number }) {
  const batch = useImportBatch(id);
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const formatWhen = useFormatExact();
  const state = batch.data?.state;
  // The server moves a batch on by itself (checked, imported, undone): its reports are read again.
  useEffect(() => {
    if (state) void queryClient.invalidateQueries({ queryKey: ["imports", id] });
  }, [state, id, queryClient]);
  // A dry run started from the mapping ends on its report.
  const step = search.get("step");
  useEffect(() => {
    if (state === "checking" && step)
      setSearch(
        (s) => {
          const next = new URLSearchParams(s);
          next.delete("step");
          return next;
        },
        { replace: true },
      );
  }, [state, step, setSearch]);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next);
  };
  const rejectsPage = Math.max(1, Number(search.get("rejects")) || 1);
  const onRejectsPage = (p: number) => setParam("rejects", String(p));

  if (batch.error)
    return <ErrorState error={batch.error} onRetry={() => batch.refetch()} what="this import" />;
  if (!batch.data) return <Skeleton h={240} />;
  const b = batch.data;
  // A failed run that wrote rows is undone from the reconciliation; a file that failed before any
  // row was written may be mapped and checked again (the server allows both).
  const failedWithRows = b.state === "failed" && b.counts.created > 0;
  const mapping =
    b.state === "uploaded" ||
    (b.state === "checked" && search.get("step") === "mapping") ||
    (b.state === "failed" && !failedWithRows && b.columns.length > 0);
  return (
    <>
      <PageHeader title={`Import: ${b.file_name}`} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <StateBadge state={b.state} />
          <Text size="sm">
            {IMPORT_KIND_LABELS[b.kind]} from {IMPORT_SOURCE_SYSTEM_LABELS[b.source_system]} ·{" "}
            {formatBytes(b.file_bytes)} · {b.encoding}
            {b.delimiter ? ` · “${b.delimiter === "\t" ? "tab" : b.delimiter}” between columns` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            Uploaded {formatWhen(b.created_at)}
            {b.created_by ? ` by ${b.created_by.name}` : ""}
          </Text>
          <Anchor component={Link} to="/imports" size="sm">
            All imports
          </Anchor>
        </Group>
        {b.state === "failed" && (
          <Alert color="red" title={failedWithRows ? "The import stopped" : "The file could not be read"}>
            {b.error}
          </Alert>
        )}
        {mapping && (
          <>
            {b.state === "checked" && (
              <Anchor component="button" type="button" size="sm" onClick={() => setParam("step", null)}>
                Back to the dry-run report
              </Anchor>
            )}
            {/* One key across uploaded and checked: saving a mapping may move the batch back to uploaded. */}
            <MappingScreen key={`map-${b.id}`} batch={b} />
          </>
        )}
        {b.state === "checking" && (
          <Paper withBorder p="md" data-testid="import-checking">
            <Text role="status" mb="xs">
              Checking every row (nothing is written): {formatCount(b.progress.rows_done)} of{" "}
              {formatCount(b.progress.rows_total ?? b.counts.rows_in_file)} rows
            </Text>
            <Progress
              animated
              aria-label="Rows checked"
              value={
                (b.progress.rows_total ?? b.counts.rows_in_file)
                  ? (100 * b.progress.rows_done) / (b.progress.rows_total ?? b.counts.rows_in_file ?? 1)
                  : 100
              }
            />
          </Paper>
        )}
        {b.state === "checked" && !mapping && (
          <DryRunReport
            batch={b}
            rejectsPage={rejectsPage}
            onRejectsPage={onRejectsPage}
            onBackToMapping={() => setParam("step", "mapping")}
          />
        )}
        {(b.state === "running" || b.state === "paused" || b.state === "undoing") && (
          <RunProgress batch={b} />
        )}
        {(b.state === "imported" || b.state === "final" || b.state === "undone" || failedWithRows) && (
          <ReconcilePanel batch={b} rejectsPage={rejectsPage} onRejectsPage={onRejectsPage} />
        )}
      </Stack>
    </>
  );
}
