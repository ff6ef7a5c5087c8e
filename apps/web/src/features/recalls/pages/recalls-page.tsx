import { exportRecalls, type RecallRow } from "@loupe/contract";
import { exportRefusal, recallRefusal } from "@loupe/domain";
import { Button, Group, Tabs } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { ExportCsvButton } from "../../../components/export-csv-button";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { buildUrl } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useCurrentUser } from "../../reference/use-reference-data";
import { type RecallsFilter, useRecallList, useRunRecallsNow } from "../api";
import { RecallBulkBar } from "../components/recall-bulk-bar";
import { RecallsFilters } from "../components/recalls-filters";
import { RecallsTable } from "../components/recalls-table";

// The other tabs load when opened: the list is what the screen opens on.
const RecallLetters = lazy(() => import("../components/recall-letters"));
const RecallCalls = lazy(() => import("../components/recall-calls"));
const RecallReturns = lazy(() => import("../components/recall-returns"));

const STATES = ["due", "overdue", "upcoming", "all"] as const;
const TABS = ["list", "letters", "calls", "returns"] as const;
const FILTER_KEYS = ["outlet_id", "recall_type_id", "outcome", "from", "to"] as const;

/** The filters as the URL holds them (DESIGN rule 7: a list's state is in its address). */
function filterOf(params: URLSearchParams): RecallsFilter {
  const f: RecallsFilter = {
    state: STATES.find((s) => s === params.get("state")) ?? "due",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) f[k] = v;
  }
  return f;
}

/**
 * Recalls (issue 28): due, overdue and upcoming recalls by outlet, type, outcome and due date, with
 * bulk send now / snooze / booked / declined and the list's CSV; the outlet's letters and recall
 * calls; and what recalls bring back. Administrators can run today's steps now.
 */
export default function RecallsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const tab = TABS.find((t) => t === params.get("tab")) ?? "list";
  const { data: me } = useCurrentUser();
  const { showAlert } = useAlert();
  const list = useRecallList(filter);
  const run = useRunRecallsNow();
  // Chosen rows with the version each showed; a new page or filter starts a fresh choice.
  const [selected, setSelected] = useState(new Map<number, RecallRow>());

  const setFilter = (next: Partial<RecallsFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const p = new URLSearchParams();
    if (tab !== "list") p.set("tab", tab);
    if (merged.state !== "due") p.set("state", merged.state);
    for (const k of FILTER_KEYS) if (merged[k]) p.set(k, merged[k] as string);
    if (merged.page > 1) p.set("page", String(merged.page));
    setParams(p, { replace: true });
    setSelected(new Map());
  };
  const setTab = (t: string | null) => {
    const p = new URLSearchParams(params);
    if (!t || t === "list") p.delete("tab");
    else p.set("tab", t);
    setParams(p, { replace: true });
  };

  async function runNow() {
    try {
      const res = await run.mutateAsync();
      const d = res.data;
      showAlert({
        variant: "success",
        message: `${res.message} Sent ${d.sent}, skipped ${d.skipped}, waiting ${d.waiting}, failed ${d.failed}.`,
      });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }

  const { page: _page, ...exportQuery } = filter;
  const pagination = list.data?.meta.pagination;
  return (
    <>
      <PageHeader
        title="Recalls"
        actions={
          <Group gap="xs">
            <ExportCsvButton
              url={buildUrl(exportRecalls, undefined, exportQuery)}
              fileName="recalls.csv"
              refusal={exportRefusal(me?.role_id, "recalls")}
            />
            {me && !recallRefusal(me.role_id, "act") && (
              <Button size="xs" onClick={runNow} loading={run.isPending}>
                Run today's recalls now
              </Button>
            )}
          </Group>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="list">Recalls</Tabs.Tab>
          <Tabs.Tab value="letters">Letters</Tabs.Tab>
          <Tabs.Tab value="calls">Calls</Tabs.Tab>
          <Tabs.Tab value="returns">Return rate</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <RecallsFilters filter={filter} onChange={setFilter} />
          <RecallBulkBar
            selected={[...selected.values()]}
            onDone={() => setSelected(new Map())}
            refusal={recallRefusal(me?.role_id, "act")}
          />
          <RecallsTable
            rows={list.data?.data ?? []}
            loading={list.isLoading}
            stale={list.isPlaceholderData}
            error={list.error}
            onRetry={() => list.refetch()}
            selected={selected}
            onSelect={setSelected}
          />
          <PaginationBar
            page={filter.page}
            perPage={pagination?.per_page ?? 25}
            total={pagination?.total ?? 0}
            totalKind={pagination?.total_kind}
            unknown={!pagination}
            onChange={(page) => setFilter({ page })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="letters">
          <Suspense fallback={null}>
            <RecallLetters />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="calls">
          <Suspense fallback={null}>
            <RecallCalls />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="returns">
          <RecallsFilters filter={filter} onChange={setFilter} forReturns />
          <Suspense fallback={null}>
            <RecallReturns filter={filter} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
