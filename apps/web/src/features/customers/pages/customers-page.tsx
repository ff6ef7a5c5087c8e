import type { CustomerWire } from "@loupe/contract";
import {
  type CustomerSortField,
  cleanCustomersRouteQuery,
  customerLabel,
  emptyListText,
  PAGE_SIZE,
} from "@loupe/domain";
import { ActionIcon, Alert, Badge, Button, Group } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { CopyLinkButton } from "../../../components/copy-link-button";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { Spinner } from "../../../components/spinner";
import { sameQuery } from "../../../lib/same-query";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { CounterStartButtons } from "../../counter/counter-start-buttons";
import {
  DuplicatesLink,
  MergedNotice,
  useMergedRedirect,
} from "../../customer-merges/components/merged-notice";
import { useFormatDay } from "../../reference/use-date-format";
import { useCustomer, useCustomerList } from "../api";
import { CustomerFilter } from "../components/customer-filter";

// The expanded row (tabs, panels and every action's modal) and the New Customer form load when
// first opened, not with the list (issue 16: the first screen's JavaScript ≤ 200 KB).
const CustomerDetail = lazy(() =>
  import("../components/customer-detail").then((m) => ({ default: m.CustomerDetail })),
);
const CustomersExportButton = lazy(() => import("../components/customers-export-button"));
const CustomerModal = lazy(() =>
  import("../components/customer-modal").then((m) => ({ default: m.CustomerModal })),
);

type Sort = CustomerSortField;

/** The address of one customer's profile (issue 29). */
export const customerPath = (id: number) => `/customers/${id}`;

/** Customers (and Customers MEILI): every filter, sort and page lives in the URL query. */
export function CustomersScreen({ variant, title }: { variant: "db" | "index"; title: string }) {
  const [raw, setParams] = useSearchParams();
  // Bad or unknown values fall back to their defaults ("page=abc" is page 1), and leave the address.
  const params = cleanCustomersRouteQuery(raw);
  const cleaned = params.toString();
  const dirty = !sameQuery(params, raw);
  useEffect(() => {
    if (dirty) setParams(new URLSearchParams(cleaned), { replace: true });
  }, [dirty, cleaned, setParams]);
  // A customer's address (`/customers/42`, issue 29), or a job's customer by id (`customer_id`):
  // that record alone, expanded, never a namesake.
  const { id: pathId } = useParams();
  const navigate = useNavigate();
  const customerId = Number(pathId) || Number(params.get("customer_id")) || 0;
  const [expanded, setExpanded] = useState(new Set<number>());
  useEffect(() => {
    if (customerId) setExpanded((s) => new Set(s).add(customerId));
  }, [customerId]);
  // "New customer" from the command palette arrives as navigation state, not in the address: a
  // reload or a shared link never opens the form again.
  const location = useLocation();
  const askedNew = (location.state as { newCustomer?: boolean } | null)?.newCustomer === true;
  const [creating, setCreating] = useState(askedNew);
  // Mounted from the first open on, so closing keeps Mantine's transition and the form as before.
  const [createLoaded, setCreateLoaded] = useState(askedNew);
  useEffect(() => {
    if (!askedNew) return;
    setCreateLoaded(true);
    setCreating(true);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [askedNew, navigate, location.pathname, location.search]);
  const formatDay = useFormatDay();
  const query = {
    q: params.get("q") ?? "",
    dob: params.get("dob") ?? "",
    region_id: params.get("region_id") ?? "",
    page: Number(params.get("page") ?? 1),
    per_page: PAGE_SIZE.customers,
    sort_by: (params.get("sort_by") ?? "") as Sort | "",
    sort_direction: (params.get("sort_direction") ?? "") as "asc" | "desc" | "",
    // The refresh value (spec §2): Search with the same filter still fetches the list again.
    r: params.get("r") ?? "",
  };
  const list = useCustomerList(variant, query, !customerId);
  const one = useCustomer(customerId, customerId > 0);
  // Issue 46: a merged-away customer's address lands on the kept one's.
  useMergedRedirect(customerId, one.data);
  const rows = customerId ? (one.data ? [one.data] : []) : (list.data?.rows ?? []);
  const error = customerId ? one.error : list.error;
  useDocumentTitle([customerId && one.data ? customerLabel(one.data) : null, title]);

  const push = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === "" || v === undefined) next.delete(k);
      else next.set(k, String(v));
    }
    next.delete("customer_id");
    next.set("r", String(Date.now() % 100000));
    // From one customer's address back to the list's.
    if (pathId) navigate(`/customers?${next}`);
    else setParams(next);
  };
  const toggle = (id: number) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Group gap="xs">
            <DuplicatesLink />
            <Suspense
              fallback={
                <Button size="xs" variant="default" disabled>
                  Export CSV
                </Button>
              }
            >
              <CustomersExportButton
                query={{
                  q: query.q,
                  dob: query.dob,
                  region_id: query.region_id,
                  sort_by: query.sort_by,
                  sort_direction: query.sort_direction,
                }}
              />
            </Suspense>
            <Button
              onClick={() => {
                setCreateLoaded(true);
                setCreating(true);
              }}
            >
              New Customer
            </Button>
          </Group>
        }
      />
      <CustomerFilter
        value={{ q: query.q, dob: query.dob, region_id: query.region_id }}
        onApply={(v) => push({ ...v, page: 1 })}
      />
      {customerId > 0 && <MergedNotice />}
      {customerId > 0 && (
        <Alert color="blue" mb="sm" data-testid="one-customer">
          <Group justify="space-between">
            Customer #{customerId}
            <Group gap="xs">
              <CopyLinkButton path={customerPath(customerId)} />
              <Button size="xs" variant="light" onClick={() => push({ page: 1 })}>
                Show all customers
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      <DataTable<CustomerWire>
        rows={rows}
        loading={customerId ? one.isLoading : list.isLoading}
        error={error}
        onRetry={() => (customerId ? one.refetch() : list.refetch())}
        emptyText={
          customerId
            ? `No customer #${customerId}.`
            : emptyListText("customers", {
                search: query.q,
                filters: [query.dob && "Date of birth", query.region_id && "Region"].filter(
                  Boolean,
                ) as string[],
              })
        }
        rowKey={(c) => c.id}
        expanded={expanded}
        renderExpanded={(c) => (
          <Suspense fallback={<Spinner py="sm" />}>
            <CustomerDetail customer={c} />
          </Suspense>
        )}
        sortBy={query.sort_by || undefined}
        sortDirection={query.sort_direction || undefined}
        onSort={(field, direction) => push({ sort_by: field, sort_direction: direction, page: 1 })}
        columns={[
          {
            key: "expand",
            title: "",
            width: 40,
            render: (c) => (
              <ActionIcon
                variant="subtle"
                aria-label={expanded.has(c.id) ? "Collapse" : "Expand"}
                onClick={() => toggle(c.id)}
              >
                {expanded.has(c.id) ? "−" : "+"}
              </ActionIcon>
            ),
          },
          { key: "customer", title: "Customer", sortField: "first_name", render: (c) => customerLabel(c) },
          {
            key: "regions",
            title: "Region(s)",
            render: (c) => (
              <Group gap={4}>
                {c.regions.data.map((r) => (
                  <Badge key={r.id} variant="light">
                    {r.country_code}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: "created",
            title: "Created",
            sortField: "created_at",
            render: (c) => formatDay(c.created_at),
          },
          {
            key: "notes",
            title: "Notes",
            render: (c) => <Badge color={c.notes_count ? "blue" : "gray"}>{c.notes_count}</Badge>,
          },
          {
            // Issue 44: a job or a quote starts from the customer's row, at the staff member's outlet.
            key: "start",
            title: "Start",
            render: (c) => (
              <CounterStartButtons customerId={c.id} forName={customerLabel(c)} size="compact-xs" />
            ),
          },
        ]}
      />
      {!customerId && (
        <PaginationBar
          page={query.page}
          perPage={PAGE_SIZE.customers}
          total={list.data?.total ?? 0}
          totalKind={list.data?.totalKind}
          unknown={!list.data}
          onChange={(page) => push({ page })}
        />
      )}
      {createLoaded && (
        <Suspense fallback={null}>
          <CustomerModal opened={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function CustomersPage() {
  return <CustomersScreen variant="db" title="Customers" />;
}
