import type { OrderWire } from "@loupe/contract";
import { emptyListText, jobFilterNames } from "@loupe/domain";
import { Box } from "@mantine/core";
import { useState } from "react";
import { PaginationBar } from "../../../components/pagination-bar";
import { type JobsSource, useJobs } from "../api/jobs-queries";
import type { JobsRouteQuery } from "../use-jobs-route-query";
import { JobListOverlays, toggled } from "./job-list-overlays";
import { JobsTable } from "./jobs-table";

/**
 * The list's part of the screen: the table, the pager, the selection's footer and a job's notes.
 * Its own component so that the answer arriving redraws only these, not the header, tabs, search
 * and Filters panel above (issue 31: Apply Filters, click to redrawn table).
 */
export function JobsList({ state, source }: { state: JobsRouteQuery; source: JobsSource }) {
  const { route, get } = state;
  const list = useJobs(route, source, !state.customFilterError && !state.restoring);
  const [expanded, setExpanded] = useState(new Set<number>());
  const [selected, setSelected] = useState(new Set<number>());
  const [notesFor, setNotesFor] = useState<OrderWire | null>(null);
  return (
    <Box pb={selected.size ? 80 : 0}>
      <JobsTable
        rows={state.customFilterError ? [] : (list.data?.rows ?? [])}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        emptyText={emptyListText("jobs", { search: get("q"), filters: jobFilterNames(route) })}
        stale={list.isPlaceholderData}
        expanded={expanded}
        onExpand={(id) => setExpanded((s) => toggled(s, [id], !s.has(id)))}
        sortBy={
          route.sort_by === "due_date" || route.sort_by === "balance_due" ? route.sort_by : "created_at"
        }
        sortDirection={route.sort_direction === "asc" ? "asc" : "desc"}
        onSort={(field, direction) => state.push({ sort_by: field, sort_direction: direction })}
        onNotes={setNotesFor}
        selection={{ selected, toggle: (ids, on) => setSelected((s) => toggled(s, ids, on)) }}
      />
      <PaginationBar
        page={Number(route.page)}
        perPage={list.data?.perPage ?? 15}
        total={list.data?.total ?? 0}
        totalKind={list.data?.totalKind}
        unknown={!list.data}
        onChange={(p) => state.push({ page: String(p) }, true)}
      />
      <JobListOverlays
        selected={selected}
        jobs={(list.data?.rows ?? []).filter((j) => j.items.some((i) => selected.has(i.id)))}
        onSelectionDone={() => setSelected(new Set())}
        notesFor={notesFor}
        onNotesClose={() => setNotesFor(null)}
      />
    </Box>
  );
}
