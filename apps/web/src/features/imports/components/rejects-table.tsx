import { downloadImportRejects, type ImportRejectWire } from "@loupe/contract";
import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { PaginationBar } from "../../../components/pagination-bar";
import { buildUrl } from "../../../lib/api-client";
import { useImportRejects } from "../api";
import { FailureAlert } from "./failure-alert";

const PER_PAGE = 50;

/** The rows the last dry run (or the run) refused, in file order, with a CSV of all of them. */
export function RejectsTable({
  batchId,
  page,
  onPage,
}: {
  batchId: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const rejects = useImportRejects(batchId, page);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      // Loaded on the click: the list screen does not carry the download code.
      const { downloadCsv } = await import("../../../lib/csv-download");
      await downloadCsv(
        buildUrl(downloadImportRejects, { id: batchId }),
        `import-${batchId}-rejects.csv`,
        () => {},
      );
    } catch (err) {
      setDownloadError(err);
    } finally {
      setDownloading(false);
    }
  };
  const total = rejects.data?.meta.pagination.total ?? 0;
  return (
    <>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text size="sm">
          {rejects.data
            ? `${total.toLocaleString("en-AU")} rejected ${total === 1 ? "cell or row" : "cells or rows"}`
            : " "}
        </Text>
        <Button variant="default" size="xs" loading={downloading} disabled={total === 0} onClick={download}>
          Download CSV
        </Button>
      </Group>
      <FailureAlert error={downloadError} />
      <DataTable<ImportRejectWire>
        ariaLabel="Rejected rows"
        rows={rejects.data?.data ?? []}
        rowKey={(r) => `${r.line}-${r.column ?? ""}-${r.reason}`}
        loading={rejects.isLoading}
        stale={rejects.isPlaceholderData}
        error={rejects.error}
        onRetry={() => rejects.refetch()}
        emptyText="No row was rejected."
        columns={[
          { key: "line", title: "Line", render: (r) => r.line, width: 70 },
          { key: "column", title: "Column", render: (r) => r.column ?? "(whole row)" },
          { key: "value", title: "Value", render: (r) => r.value ?? "" },
          { key: "reason", title: "Reason", render: (r) => r.reason },
        ]}
      />
      <PaginationBar page={page} perPage={PER_PAGE} total={total} unknown={!rejects.data} onChange={onPage} />
    </>
  );
}
