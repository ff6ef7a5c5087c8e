import type { OrderWire } from "@loupe/contract";
import { JOBS_DEFAULT_SORT } from "@loupe/domain";
import { Alert, Box, Button, Group } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { CopyLinkButton } from "../../../components/copy-link-button";
import { PageHeader } from "../../../components/page-header";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useJobs } from "../api/jobs-queries";
import { JobListOverlays, toggled } from "../components/job-list-overlays";
import { JobsTable } from "../components/jobs-table";

/** The address of one job: `/jobs/PAR-100909` (issue 29). */
export const jobPath = (invoice: string) => `/jobs/${encodeURIComponent(invoice)}`;

/**
 * One job by its invoice number (or job number), opened expanded inside the jobs screen: the
 * address a bookmark, an e-mail, the command palette or a tray-label scan opens. Found with the
 * list's own search, then only the exact match is shown, so "PAR-1009" never opens PAR-100909.
 */
export default function JobAddressPage() {
  const { invoice = "" } = useParams();
  const list = useJobs({ q: invoice, ...JOBS_DEFAULT_SORT }, "db", invoice.length > 0);
  const wanted = invoice.trim().toUpperCase();
  const job = list.data?.rows.find(
    (j) => j.vend_invoice_number.toUpperCase() === wanted || j.uid.toUpperCase() === wanted,
  );
  const [collapsed, setCollapsed] = useState(false);
  const [selected, setSelected] = useState(new Set<number>());
  const [notesFor, setNotesFor] = useState<OrderWire | null>(null);
  useDocumentTitle([job?.vend_invoice_number ?? invoice, "Jobs"]);

  return (
    <Box pb={selected.size ? 80 : 0} data-testid="job-address">
      <PageHeader
        title="Jobs"
        actions={
          <Group gap="xs">
            {job && <CopyLinkButton path={jobPath(job.vend_invoice_number)} />}
            <Button size="xs" variant="light" component={Link} to="/jobs">
              All jobs
            </Button>
          </Group>
        }
      />
      <JobsTable
        rows={job ? [job] : []}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        emptyText={`No job has the invoice or job number “${invoice}”.`}
        stale={false}
        expanded={collapsed || !job ? new Set() : new Set([job.id])}
        onExpand={() => setCollapsed((c) => !c)}
        sortBy="created_at"
        sortDirection="desc"
        onSort={() => {}}
        onNotes={setNotesFor}
        selection={{ selected, toggle: (ids, on) => setSelected((s) => toggled(s, ids, on)) }}
      />
      {!job && !list.isLoading && !list.error && (
        <Alert color="gray" mt="sm">
          Search all jobs for it on the <Link to={`/jobs?q=${encodeURIComponent(invoice)}`}>Jobs</Link>{" "}
          screen.
        </Alert>
      )}
      <JobListOverlays
        selected={selected}
        jobs={job ? [job] : []}
        onSelectionDone={() => setSelected(new Set())}
        notesFor={notesFor}
        onNotesClose={() => setNotesFor(null)}
      />
    </Box>
  );
}
