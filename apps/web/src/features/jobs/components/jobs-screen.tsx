import { exportJobsAddress } from "@loupe/contract";
import { activeFilterCount, exportRefusal, JOB_PANEL_FILTER_KEYS, JOBS_DEFAULT_SORT } from "@loupe/domain";
import { Alert, Badge, Button, Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { ExportCsvButton } from "../../../components/export-csv-button";
import { PageHeader } from "../../../components/page-header";
import { buildUrl } from "../../../lib/api-client";
import { CounterStartButtons } from "../../counter/counter-start-buttons";
import { NotSentLensOrders } from "../../lens-orders/not-sent-lens-orders";
import { useCurrentUser, useOutlets } from "../../reference/use-reference-data";
import { type JobsSource, prefetchJobs } from "../api/jobs-queries";
import { useJobsRouteQuery } from "../use-jobs-route-query";
import { type PanelFilters, panelQuery } from "./jobs-filter-query";
import { JobsList } from "./jobs-list";
import { JobsSearchBar } from "./jobs-search-bar";
import { JobsTabs } from "./jobs-tabs";
import { ManifestButton } from "./manifest-button";
import { SavedSearchesMenu } from "./saved-searches-menu";

// The Filters panel (date pickers, multi-selects) and its folding frame load when first opened.
const JobsFilterDrawer = lazy(() =>
  import("./jobs-filter-drawer").then((m) => ({ default: m.JobsFilterDrawer })),
);
// Opened by a few staff at a bench, and never on the first screen: loaded when first opened.
const ScanStation = lazy(() => import("../scan-station/scan-station"));

/**
 * The jobs screen shared by Jobs, Beta Jobs (with the search type) and Jobs MEILI (fed by the
 * search index): tabs, search, filters, saved searches, the table and the batch footer.
 */
export function JobsScreen(props: {
  title: string;
  source: JobsSource;
  withSearchType?: boolean;
  storageKey: string;
}) {
  const queryClient = useQueryClient();
  // A new choice's list call leaves with the click, not after the redraw for the new address.
  const state = useJobsRouteQuery(props.storageKey, (next) => prefetchJobs(queryClient, next, props.source));
  const { route, get } = state;
  const { data: me } = useCurrentUser();
  const [showFilters, setShowFilters] = useState(false);
  // Once opened, the panel stays mounted (closing keeps its draft, as before).
  const filtersOpened = useRef(false);
  if (showFilters) filtersOpened.current = true;
  const [draftRegion, setDraftRegion] = useState<string | null>(null);
  const [station, setStation] = useState(false);
  const regionId = draftRegion ?? get("region_id");
  const { data: outlets = [] } = useOutlets();
  const outletName = (id: string) => outlets.find((o) => String(o.id) === id)?.name ?? `outlet ${id}`;

  const panel: PanelFilters = {
    outlet_id: state.outletIds,
    dispense_status_id: get("dispense_status_id"),
    item_dispense_status_id: get("item_dispense_status_id"),
    created_start_at: get("created_start_at"),
    created_end_at: get("created_end_at"),
    priority: get("priority"),
    balance: get("balance"),
  };
  const filterCount = activeFilterCount(route);
  const { r: _r, ...savable } = route;

  const choose = (query: Record<string, string | number>) => {
    setDraftRegion(null);
    state.replace(query);
  };

  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          <Group gap="xs">
            {/* Issue 44: for a guest, or a customer chosen on the next screen. */}
            <CounterStartButtons size="sm" />
            <ExportCsvButton
              url={buildUrl(exportJobsAddress, undefined, route)}
              fileName="jobs.csv"
              refusal={exportRefusal(me?.role_id, "jobs")}
            />
          </Group>
        }
      />
      <NotSentLensOrders />
      <JobsTabs
        customFilter={get("customFilter")}
        dispenseStatusId={get("dispense_status_id")}
        onChoose={choose}
        withWorkshopTabs={props.source === "db"}
      />
      {get("origin_outlet_id") && (
        <Group gap="xs" mb="xs" data-testid="origin-outlet-filter">
          <Badge variant="light" size="lg">
            Jobs made at {outletName(get("origin_outlet_id"))}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => state.push({ origin_outlet_id: null, page: "1" })}
          >
            All outlets
          </Button>
        </Group>
      )}
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <JobsSearchBar
          key={`${get("q")}|${get("search_type")}`}
          initial={{ q: get("q"), region_id: get("region_id"), search_type: get("search_type") }}
          regionId={regionId}
          onRegionChange={setDraftRegion}
          withSearchType={!!props.withSearchType}
          onSearch={(v) => {
            setDraftRegion(null);
            state.push({ q: v.q, region_id: v.region_id, search_type: v.search_type });
          }}
        />
        <Group gap="xs">
          <Button
            variant={showFilters ? "filled" : "light"}
            onClick={() => setShowFilters((s) => !s)}
            aria-expanded={showFilters}
            rightSection={
              filterCount > 0 ? (
                <Badge size="sm" circle color="red" data-testid="filter-count">
                  {filterCount}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
          <Button
            variant="subtle"
            disabled={filterCount === 0}
            onClick={() => state.push(Object.fromEntries(JOB_PANEL_FILTER_KEYS.map((k) => [k, null])))}
          >
            Clear filters
          </Button>
          <ManifestButton />
          <Button
            variant={station ? "filled" : "light"}
            onClick={() => setStation((o) => !o)}
            aria-expanded={station}
          >
            Scan station
          </Button>
          <SavedSearchesMenu
            onApply={(s) => {
              setDraftRegion(null);
              choose({ ...s.query, ...JOBS_DEFAULT_SORT });
            }}
          />
        </Group>
      </Group>
      {filtersOpened.current && (
        <Suspense fallback={null}>
          <JobsFilterDrawer
            expanded={showFilters}
            initial={panel}
            regionId={regionId}
            baseQuery={{ ...savable, region_id: regionId }}
            onApply={(f) => {
              // The country chosen beside the search box narrows Location, so it applies with it.
              setDraftRegion(null);
              state.push({ ...panelQuery(f), region_id: regionId });
            }}
          />
        </Suspense>
      )}
      {station && (
        <Suspense fallback={null}>
          <ScanStation onClose={() => setStation(false)} />
        </Suspense>
      )}
      {state.customFilterError && (
        <Alert color="red" mb="sm" data-testid="custom-filter-error">
          {state.customFilterError}
        </Alert>
      )}
      <JobsList state={state} source={props.source} />
    </>
  );
}
