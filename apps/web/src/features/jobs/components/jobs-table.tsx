import type { OrderWire } from "@loupe/contract";
import { currencyForCountry, isRefundedItem, jobCustomerName } from "@loupe/domain";
import { Loader } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/data-table";
import { PlainActionIcon, PlainCheckbox, PlainCompactButton } from "../../../components/plain-mantine";
import { formatMoney } from "../../../lib/format";
import { customerProfilePath } from "../job-paths";
import { JobRulesProvider } from "../use-job-rules";
import { JobRowActions } from "./actions/job-row-actions";
import { CreatedCell } from "./created-cell";
import { OrderStatusCell } from "./order-status-cell";
import { PriorityToggle } from "./priority-toggle";
import { PromisedCell } from "./promised-cell";

// The expanded job (items, payments, lens orders, job edit, shipping…) loads when a row is first
// opened, not with the list (issue 31: /jobs opened cold ≤ 200 KB gzip).
const JobDetail = lazy(() => import("./job-detail").then((m) => ({ default: m.JobDetail })));

export interface Selection {
  selected: Set<number>;
  toggle: (itemIds: number[], on: boolean) => void;
}

/** The items a row's select box picks: every item not refunded. */
const selectableItems = (o: OrderWire) => (o.items ?? []).filter((i) => !isRefundedItem(i)).map((i) => i.id);

/**
 * The Total column names the rows' currency ("Total (CAD)"): the spec's "Total ($)" would sit
 * above Canadian and New Zealand dollars. Rows in several currencies each carry their own code.
 */
function totalTitle(rows: OrderWire[]): string {
  const currencies = new Set(rows.map((o) => currencyForCountry(o.origin_outlet.region.country_code)));
  return currencies.size === 1 ? `Total (${[...currencies][0]})` : "Total";
}

/**
 * Jobs table (spec §2): expand, Customer, Priority, Invoice Number, Total (its currency), Balance
 * (issue 44, sortable), Status,
 * Created (sortable), Promised (sortable, issue 27), notes count, select. The cells draw Mantine's
 * markup with plain elements (components/plain-mantine.tsx): a redraw is fifteen rows of them.
 */
export function JobsTable(props: {
  rows: OrderWire[];
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  /** The rows are the previous query's while this one loads. */
  stale: boolean;
  expanded: Set<number>;
  onExpand: (id: number) => void;
  sortBy: string;
  sortDirection: "asc" | "desc";
  onSort: (field: string, direction: "asc" | "desc") => void;
  onNotes: (job: OrderWire) => void;
  selection: Selection;
}) {
  const { selected, toggle } = props.selection;
  // What a row shows besides the job (see DataTable's rowVersion): its select box, and for an
  // expanded row the item boxes inside it. Every callback here is a setter or a functional update.
  const rowVersion = (o: OrderWire) => {
    const ids = selectableItems(o);
    const box = ids.every((id) => selected.has(id))
      ? "all"
      : ids.some((id) => selected.has(id))
        ? "some"
        : "";
    return props.expanded.has(o.id) ? `${box}|${[...selected].join(",")}` : box;
  };
  return (
    <JobRulesProvider>
      <DataTable<OrderWire>
        ariaLabel="Jobs"
        rows={props.rows}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        emptyText={props.emptyText}
        stale={props.stale}
        rowKey={(o) => o.id}
        rowVersion={rowVersion}
        expanded={props.expanded}
        renderExpanded={(o) => (
          <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading the job" />}>
            <JobDetail jobId={o.id} selected={selected} onToggle={toggle} />
          </Suspense>
        )}
        sortBy={props.sortBy}
        sortDirection={props.sortDirection}
        onSort={props.onSort}
        columns={[
          {
            key: "expand",
            title: "",
            width: 40,
            render: (o) => (
              <PlainActionIcon
                aria-label={props.expanded.has(o.id) ? "Collapse" : "Expand"}
                onClick={() => props.onExpand(o.id)}
              >
                {props.expanded.has(o.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </PlainActionIcon>
            ),
          },
          {
            key: "customer",
            title: "Customer",
            render: (o) =>
              o.customer_id ? (
                <Link to={customerProfilePath(o)}>{jobCustomerName(o)}</Link>
              ) : (
                jobCustomerName(o)
              ),
          },
          { key: "priority", title: "Priority", render: (o) => <PriorityToggle job={o} /> },
          {
            key: "invoice",
            title: "Invoice Number",
            // The job's own address (issue 29): open it alone, bookmark it, send it.
            render: (o) => (
              <Link to={`/jobs/${encodeURIComponent(o.vend_invoice_number)}`}>{o.vend_invoice_number}</Link>
            ),
          },
          {
            key: "total",
            title: totalTitle(props.rows),
            render: (o) =>
              formatMoney(o.total_amount, currencyForCountry(o.origin_outlet.region.country_code)),
          },
          {
            // What the customer still owes (issue 44): blank when nothing is, so owing rows stand out.
            key: "balance",
            title: "Balance",
            sortField: "balance_due",
            render: (o) =>
              o.balance_due > 0 ? (
                <span
                  data-testid="balance-due"
                  style={{ fontWeight: 600, color: "var(--mantine-color-orange-9)" }}
                >
                  {formatMoney(o.balance_due, currencyForCountry(o.origin_outlet.region.country_code))}
                </span>
              ) : null,
          },
          { key: "status", title: "Status", render: (o) => <OrderStatusCell job={o} /> },
          {
            key: "created",
            title: "Created",
            sortField: "created_at",
            render: (o) => <CreatedCell createdAt={o.created_at} timeZone={o.origin_outlet.time_zone} />,
          },
          {
            key: "promised",
            title: "Promised",
            sortField: "due_date",
            render: (o) => <PromisedCell job={o} />,
          },
          {
            key: "notes",
            title: "Notes",
            render: (o) => (
              <PlainCompactButton
                color={o.notes_count ? "blue" : "gray"}
                aria-label={`${o.notes_count} notes of ${o.vend_invoice_number}`}
                onClick={() => props.onNotes(o)}
              >
                {o.notes_count}
              </PlainCompactButton>
            ),
          },
          {
            key: "actions",
            title: "",
            width: 40,
            render: (o) => <JobRowActions job={o} />,
          },
          {
            key: "select",
            title: "",
            width: 40,
            render: (o) => {
              const ids = selectableItems(o);
              const on = ids.length > 0 && ids.every((id) => selected.has(id));
              return (
                <PlainCheckbox
                  aria-label={`Select ${o.vend_invoice_number}`}
                  disabled={ids.length === 0}
                  checked={on}
                  indeterminate={!on && ids.some((id) => selected.has(id))}
                  onChange={() => toggle(ids, !on)}
                />
              );
            },
          },
        ]}
      />
    </JobRulesProvider>
  );
}
