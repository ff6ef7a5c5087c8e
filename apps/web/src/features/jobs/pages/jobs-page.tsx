import type { JobsQuery, OrderWire } from "@loupe/contract";
import {
  ActionIcon,
  Affix,
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Switch,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { errorText } from "../../../lib/errors";
import { CommentsModal } from "../../customer-actions/comments-modal";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useOutlets, useRegions, useStatuses } from "../../reference/use-reference-data";
import { useJobMutations, useJobs, useJobTabs } from "../api";
import { JobDetail } from "../components/job-detail";
import { SavedSearches } from "../components/saved-searches";
import { StatusBadge } from "../components/status-badge";
import {
  abbreviateCount,
  activeFilterCount,
  customerLabel,
  DEFAULT_OUTLET_NAME,
  EXCLUDED_OUTLET_NAME,
  isBatchSelectable,
  isFixedOrderStatus,
  isSearchTooShort,
  orderDisplayStatus,
  SEARCH_TOO_SHORT,
  STATUS_CHANGED_MESSAGE,
} from "../job-rules";

const FILTER_KEY = "loupe.jobs.filters";
const FILTER_PARAMS = [
  "region_id",
  "outlet_id",
  "dispense_status_id",
  "item_dispense_status_id",
  "created_start_at",
  "created_end_at",
  "priority",
  "q",
  "customFilter",
  "customer_id",
];

/** Jobs: tabs, search, filters and the table; every filter lives in the URL and is remembered in the browser. */
export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const { showAlert } = useAlert();
  const formatDateTime = useFormatDateTime();
  const { data: statuses } = useStatuses();
  const { data: outlets = [] } = useOutlets();
  const { data: regions = [] } = useRegions();
  const tabs = useJobTabs();
  const mutations = useJobMutations();
  const [expanded, setExpanded] = useState(new Set<number>());
  const [selected, setSelected] = useState(new Set<number>());
  const [showFilters, setShowFilters] = useState(false);
  const [draftQ, setDraftQ] = useState(params.get("q") ?? "");
  const [qError, setQError] = useState<string | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const [batchStatus, setBatchStatus] = useState<string | null>(null);
  const [notesFor, setNotesFor] = useState<OrderWire | null>(null);
  const [locationOpen, setLocationOpen] = useState(false);
  const [batchOutlet, setBatchOutlet] = useState<string | null>(null);

  // Opening /jobs with no query restores the last filters from the browser.
  useEffect(() => {
    if ([...params.keys()].length === 0) {
      const saved = localStorage.getItem(FILTER_KEY);
      if (saved) setParams(new URLSearchParams(saved), { replace: true });
    }
  }, [params, setParams]);
  useEffect(() => {
    const kept = new URLSearchParams([...params.entries()].filter(([k]) => FILTER_PARAMS.includes(k)));
    localStorage.setItem(FILTER_KEY, kept.toString());
  }, [params]);

  const query: JobsQuery = Object.fromEntries(
    [...params.entries()].filter(([k]) => k !== "outlet_id"),
  ) as JobsQuery;
  const outletIds = params
    .getAll("outlet_id")
    .flatMap((v) => v.split(","))
    .filter(Boolean);
  if (outletIds.length) query.outlet_id = outletIds.join(",");
  const list = useJobs(query);
  const page = Number(params.get("page") ?? 1);

  const push = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) next.set("page", "1");
    next.set("r", String(Date.now() % 100000));
    setParams(next);
  };
  const search = () => {
    if (isSearchTooShort(draftQ)) return setQError(SEARCH_TOO_SHORT);
    setQError(null);
    push({ q: draftQ.trim() });
  };
  const activeFilters = activeFilterCount(Object.fromEntries(params.entries()));
  const outletOptions = outlets
    .filter((o) => o.is_active || o.name === EXCLUDED_OUTLET_NAME || o.name === DEFAULT_OUTLET_NAME)
    .filter((o) => !params.get("region_id") || String(o.region_id) === params.get("region_id"))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((o) => ({ value: String(o.id), label: o.abbreviation }));
  const dispense = statuses?.dispense ?? [];
  const activeTab = params.get("customFilter") ?? params.get("dispense_status_id") ?? null;

  const changeStatus = async (job: OrderWire, value: string | null) => {
    if (!value) return;
    try {
      await mutations.setStatus.mutateAsync({ id: job.id, statusId: Number(value) });
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const togglePriority = async (job: OrderWire) => {
    try {
      await mutations.setPriority.mutateAsync({ id: job.id, priority: job.priority === 2 ? 1 : 2 });
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
    } catch (err) {
      // The switch reads from the refreshed list, so a failure leaves it where it was.
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const runBatch = async () => {
    if (!batchStatus) return;
    try {
      await mutations.setItemsStatus.mutateAsync({ itemIds: [...selected], statusId: Number(batchStatus) });
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
      setSelected(new Set());
      setBatchOpen(false);
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };

  return (
    <>
      <PageHeader title="Jobs" />
      <Tabs
        value={activeTab}
        onChange={(v) => {
          const tab = tabs.data?.find(
            (t) => (t.customFilter ?? String(t.defaultQuery.dispense_status_id)) === v,
          );
          if (!tab) return;
          const next = new URLSearchParams();
          for (const [k, val] of Object.entries(tab.defaultQuery)) next.set(k, String(val));
          setParams(next);
        }}
        mb="sm"
      >
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
          {(tabs.data ?? []).map((t) => (
            <Tabs.Tab
              key={t.slug}
              value={t.customFilter ?? String(t.defaultQuery.dispense_status_id)}
              color={t.slug === "late-orders" ? "red" : undefined}
              style={{ whiteSpace: "nowrap" }}
            >
              <Group gap={6} wrap="nowrap">
                {t.display_name}
                <Text
                  span
                  size="xs"
                  fw={700}
                  c={t.slug === "late-orders" ? "red" : "dimmed"}
                  data-testid={`tab-count-${t.slug}`}
                >
                  {abbreviateCount(t.total)}
                </Text>
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-start" mb="sm">
        <TextInput
          w={380}
          aria-label="Search jobs"
          placeholder="Search by name, phone, e-mail, or invoice number"
          value={draftQ}
          error={qError}
          onChange={(e) => {
            setDraftQ(e.currentTarget.value);
            setQError(null);
          }}
          onKeyDown={(e) => e.key === "Enter" && search()}
        />
        <Select
          aria-label="Country"
          w={170}
          data={[
            { value: "", label: "All Countries" },
            ...regions.filter((r) => r.id !== 6).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          value={params.get("region_id") ?? ""}
          onChange={(v) => push({ region_id: v })}
        />
        <Button onClick={search}>Search</Button>
        <SavedSearches
          query={Object.fromEntries([...params.entries()].filter(([k]) => k !== "r"))}
          onApply={(q) => setParams(new URLSearchParams({ ...q, page: "1" }))}
        />
        <Button
          variant="light"
          onClick={() => setShowFilters((s) => !s)}
          rightSection={activeFilters ? <Badge size="xs">{activeFilters}</Badge> : null}
        >
          Filters
        </Button>
        {activeFilters > 0 && (
          <Button
            variant="subtle"
            onClick={() =>
              push({
                outlet_id: null,
                dispense_status_id: null,
                item_dispense_status_id: null,
                created_start_at: null,
                created_end_at: null,
                priority: null,
              })
            }
          >
            Clear filters
          </Button>
        )}
      </Group>
      <Collapse expanded={showFilters}>
        <Paper withBorder p="sm" mb="sm">
          <Group align="flex-end">
            <MultiSelect
              label="Location"
              w={260}
              searchable
              data={outletOptions}
              value={outletIds}
              onChange={(v) => push({ outlet_id: v.join(",") })}
            />
            <Select
              label="Order Status"
              w={200}
              clearable
              data={dispense.map((s) => ({ value: String(s.id), label: s.display_name }))}
              value={params.get("dispense_status_id")}
              onChange={(v) => push({ dispense_status_id: v })}
            />
            <Select
              label="Item Status"
              w={200}
              clearable
              data={(statuses?.item ?? []).map((s) => ({ value: String(s.id), label: s.display_name }))}
              value={params.get("item_dispense_status_id")}
              onChange={(v) => push({ item_dispense_status_id: v })}
            />
            <TextInput
              label="From"
              type="date"
              value={params.get("created_start_at") ?? ""}
              onChange={(e) => push({ created_start_at: e.currentTarget.value })}
            />
            <TextInput
              label="To"
              type="date"
              value={params.get("created_end_at") ?? ""}
              onChange={(e) => push({ created_end_at: e.currentTarget.value })}
            />
            <Checkbox
              label="Priority"
              checked={params.get("priority") === "2"}
              onChange={(e) => push({ priority: e.currentTarget.checked ? "2" : null })}
            />
          </Group>
        </Paper>
      </Collapse>
      {list.error && (
        <Alert color="red" mb="sm">
          {errorText(list.error)}
        </Alert>
      )}
      <DataTable<OrderWire>
        rows={list.data?.rows ?? []}
        loading={list.isLoading}
        rowKey={(o) => o.id}
        expanded={expanded}
        renderExpanded={(o) => (
          <JobDetail
            jobId={o.id}
            selected={selected}
            onToggle={(id) =>
              setSelected((s) => {
                const n = new Set(s);
                if (n.has(id)) n.delete(id);
                else n.add(id);
                return n;
              })
            }
          />
        )}
        sortBy="created_at"
        sortDirection={(params.get("sort_direction") as "asc" | "desc") ?? "desc"}
        onSort={(_, direction) => push({ sort_by: "created_at", sort_direction: direction })}
        columns={[
          {
            key: "expand",
            title: "",
            width: 40,
            render: (o) => (
              <ActionIcon
                variant="subtle"
                aria-label={expanded.has(o.id) ? "Collapse" : "Expand"}
                onClick={() =>
                  setExpanded((s) => {
                    const n = new Set(s);
                    if (n.has(o.id)) n.delete(o.id);
                    else n.add(o.id);
                    return n;
                  })
                }
              >
                {expanded.has(o.id) ? "−" : "+"}
              </ActionIcon>
            ),
          },
          {
            key: "customer",
            title: "Customer",
            render: (o) =>
              o.customer_id ? (
                <Link
                  to={`/customers?q=${encodeURIComponent(`${o.order_billing.customer_first_name} ${o.order_billing.customer_last_name}`)}`}
                >
                  {customerLabel(o.customer)}
                </Link>
              ) : (
                `${o.order_billing.customer_first_name} ${o.order_billing.customer_last_name} (Guest)`
              ),
          },
          {
            key: "priority",
            title: "Priority",
            render: (o) => (
              <Switch
                aria-label={`Priority of ${o.vend_invoice_number}`}
                checked={o.priority === 2}
                onChange={() => togglePriority(o)}
                color="red"
              />
            ),
          },
          { key: "invoice", title: "Invoice Number", render: (o) => o.vend_invoice_number },
          { key: "total", title: "Total ($)", render: (o) => o.total_amount.toFixed(2) },
          {
            key: "status",
            title: "Status",
            render: (o) => {
              const shown = orderDisplayStatus(o.dispense_status.slug, []);
              if (
                isFixedOrderStatus(shown) ||
                shown === "refunded" ||
                shown === "voided" ||
                shown === "refunded-transaction"
              ) {
                return <StatusBadge slug={shown} label={o.dispense_status.display_name} />;
              }
              return (
                <Select
                  size="xs"
                  w={210}
                  aria-label={`Status of ${o.vend_invoice_number}`}
                  data={dispense
                    .filter((s) => s.selectable || s.id === o.dispense_status_id)
                    .map((s) => ({ value: String(s.id), label: s.display_name }))}
                  value={String(o.dispense_status_id)}
                  allowDeselect={false}
                  onChange={(v) => changeStatus(o, v)}
                />
              );
            },
          },
          {
            key: "created",
            title: "Created",
            sortField: "created_at",
            render: (o) => formatDateTime(o.created_at),
          },
          {
            key: "notes",
            title: "Notes",
            render: (o) => (
              <Button
                size="compact-xs"
                variant="light"
                color={o.notes_count ? "blue" : "gray"}
                aria-label={`Notes of ${o.vend_invoice_number}`}
                onClick={() => setNotesFor(o)}
              >
                {o.notes_count}
              </Button>
            ),
          },
        ]}
      />
      <PaginationBar
        page={page}
        perPage={list.data?.perPage ?? 15}
        total={list.data?.total ?? 0}
        onChange={(p) => push({ page: String(p) }, false)}
      />
      {selected.size > 0 && (
        <Affix position={{ bottom: 0, left: 0, right: 0 }}>
          <Paper shadow="md" p="sm" withBorder>
            <Group justify="space-between">
              <Text fw={600} data-testid="batch-count">
                {selected.size} Item(s) selected
              </Text>
              <Group>
                <Button variant="default" onClick={() => setSelected(new Set())}>
                  Cancel
                </Button>
                <Button variant="default" disabled>
                  Refund
                </Button>
                <Button onClick={() => setBatchOpen(true)}>Update Status</Button>
                <Button variant="light" onClick={() => setLocationOpen(true)}>
                  Assign Jobs to a Location
                </Button>
              </Group>
            </Group>
          </Paper>
        </Affix>
      )}
      {notesFor && (
        <CommentsModal
          target={{ orderId: notesFor.id }}
          title={`Notes for ${notesFor.vend_invoice_number}`}
          onClose={() => setNotesFor(null)}
        />
      )}
      <Modal opened={locationOpen} onClose={() => setLocationOpen(false)} title="Assign New Location">
        <Select
          label="Location"
          searchable
          data={outlets
            .filter((o) => o.is_active)
            .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` }))}
          value={batchOutlet}
          onChange={setBatchOutlet}
        />
        <Group justify="flex-end" mt="md">
          <Button
            disabled={!batchOutlet}
            loading={mutations.setItemsOutlet.isPending}
            onClick={async () => {
              try {
                await mutations.setItemsOutlet.mutateAsync({
                  itemIds: [...selected],
                  outletId: Number(batchOutlet),
                });
                showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
                setSelected(new Set());
                setLocationOpen(false);
              } catch (err) {
                showAlert({ variant: "danger", message: errorText(err) });
              }
            }}
          >
            Assign
          </Button>
        </Group>
      </Modal>
      <Modal opened={batchOpen} onClose={() => setBatchOpen(false)} title="Assign New Status">
        <Select
          label="Status"
          data={(statuses?.item ?? [])
            .filter(isBatchSelectable)
            .map((s) => ({ value: String(s.id), label: s.display_name }))}
          value={batchStatus}
          onChange={setBatchStatus}
        />
        <Group justify="flex-end" mt="md">
          <Button onClick={runBatch} disabled={!batchStatus} loading={mutations.setItemsStatus.isPending}>
            Update
          </Button>
        </Group>
      </Modal>
    </>
  );
}
