import type { GoOrderWire } from "@loupe/contract";
import {
  currencyForCountry,
  dayRangeInUtc,
  isSearchTooShort,
  PAGE_SIZE,
  SEARCH_TOO_SHORT,
} from "@loupe/domain";
import { ActionIcon, Badge, Button, Group, Input, InputBase, Loader, TextInput } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { GO_JOBS_TITLE } from "../../../app/shell/nav-items";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { useUserTimeZone } from "../../reference/use-date-format";
import { useCurrentOutlet, useRegions } from "../../reference/use-reference-data";
import { useGoOrders } from "../api/go-orders";

// The date range's calendar loads when the range is first used (or at once when the address holds one).
const GoDateRange = lazy(() =>
  import("../components/go-date-range").then((m) => ({ default: m.GoDateRange })),
);
// An order's detail (items, refund and resend dialogs) loads when a row is first opened (issue 31).
const GoOrderDetail = lazy(() =>
  import("../components/go-order-detail").then((m) => ({ default: m.GoOrderDetail })),
);

/**
 * {brand}GO Jobs (spec §2): the online-channel orders with search, a date range sent as the
 * start and end of the chosen days in UTC, 15 a page. Search and dates live in the address.
 */
/** Read by screen readers, not shown. */
const SR_ONLY = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export default function JobsGoPage() {
  const [params, setParams] = useSearchParams();
  const timeZone = useUserTimeZone();
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  const country = regions.find((r) => r.id === outlet?.region_id)?.country_code ?? "AU";
  const applied = {
    q: params.get("q") ?? "",
    start: params.get("start") ?? "",
    end: params.get("end") ?? "",
    page: Number(params.get("page") ?? 1),
  };
  const [q, setQ] = useState(applied.q);
  const [range, setRange] = useState<[string | null, string | null]>([
    applied.start || null,
    applied.end || null,
  ]);
  const [error, setError] = useState<string | null>(null);
  // "plain": a stand-in that looks like the empty picker; the real one once used, or when dates are set.
  const [picker, setPicker] = useState<"plain" | "shown" | "open">(
    applied.start || applied.end ? "shown" : "plain",
  );
  const standIn = (
    <InputBase
      component="button"
      type="button"
      label="Date range"
      styles={{ label: SR_ONLY }}
      w={260}
      pointer
      onClick={() => setPicker("open")}
    >
      <Input.Placeholder>Select Date Range</Input.Placeholder>
    </InputBase>
  );
  const [expanded, setExpanded] = useState(new Set<number>());
  const list = useGoOrders({
    page: applied.page,
    q: applied.q || undefined,
    outlet_id: outlet?.id,
    ...dayRangeInUtc(applied.start, applied.end, timeZone),
  });

  const apply = (next: { q: string; start: string; end: string; page: number }) => {
    const p = new URLSearchParams();
    if (next.q) p.set("q", next.q);
    if (next.start) p.set("start", next.start);
    if (next.end) p.set("end", next.end);
    p.set("page", String(next.page));
    setParams(p);
  };
  const search = () => {
    if (isSearchTooShort(q)) return setError(SEARCH_TOO_SHORT);
    setError(null);
    apply({ q: q.trim(), start: range[0] ?? "", end: range[1] ?? "", page: 1 });
  };
  const clear = () => {
    setQ("");
    setRange([null, null]);
    setError(null);
    apply({ q: "", start: "", end: "", page: 1 });
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
      <PageHeader title={GO_JOBS_TITLE} />
      <Group align="flex-start" mb="sm" gap="xs">
        <TextInput
          w={360}
          aria-label="Search orders"
          placeholder="Search"
          value={q}
          error={error}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") search();
          }}
        />
        {picker === "plain" ? (
          standIn
        ) : (
          <Suspense fallback={standIn}>
            <GoDateRange
              openOnMount={picker === "open"}
              type="range"
              // A label, not aria-label: the button shows the chosen dates, and its name must include them.
              label="Date range"
              styles={{ label: SR_ONLY }}
              placeholder="Select Date Range"
              w={260}
              clearable
              allowSingleDateInRange
              valueFormat="D MMM YYYY"
              value={range}
              onChange={(v) => setRange([v[0], v[1]])}
            />
          </Suspense>
        )}
        <Button onClick={search}>Search</Button>
        <Button variant="subtle" onClick={clear}>
          Clear filters
        </Button>
      </Group>
      <DataTable<GoOrderWire>
        ariaLabel="Online orders"
        rows={list.data?.data ?? []}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        rowKey={(o) => o.id}
        expanded={expanded}
        renderExpanded={(o) => (
          <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading the order" />}>
            <GoOrderDetail order={o} country={country} />
          </Suspense>
        )}
        columns={[
          { key: "customer", title: "Customer", render: (o) => o.customer_name },
          { key: "id", title: "Order Id (#)", render: (o) => o.id },
          {
            key: "total",
            title: `Total (${currencyForCountry(country)})`,
            render: (o) => formatMoney(o.total, currencyForCountry(country)),
          },
          {
            key: "status",
            title: "Status",
            render: (o) => (
              <Badge variant="light" color="gray">
                {o.status}
              </Badge>
            ),
          },
          { key: "created", title: "Created", render: (o) => formatDateTime(o.created_at, timeZone) },
          {
            key: "expand",
            title: "",
            width: 40,
            render: (o) => (
              <ActionIcon
                variant="subtle"
                aria-label={expanded.has(o.id) ? "Collapse" : "Expand"}
                onClick={() => toggle(o.id)}
              >
                {expanded.has(o.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </ActionIcon>
            ),
          },
        ]}
      />
      <PaginationBar
        page={applied.page}
        perPage={list.data?.per_page ?? PAGE_SIZE.onlineJobs}
        total={list.data?.total ?? 0}
        onChange={(page) => apply({ ...applied, page })}
      />
    </>
  );
}
