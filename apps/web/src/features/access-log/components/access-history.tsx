import {
  type AccessLogEntryWire,
  accessActions,
  customerAccessReport,
  exportCustomerRecord,
  staffAccessReport,
} from "@loupe/contract";
import { zoneDayBounds } from "@loupe/domain";
import { Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { DataTable } from "../../../components/data-table";
import { ErrorState } from "../../../components/error-state";
import { PaginationBar } from "../../../components/pagination-bar";
import { buildUrl, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { downloadFileBlob } from "../../../lib/file-blob";
import { dayjs } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { useFormatDateTime, useUserTimeZone } from "../../reference/use-date-format";

const PER_PAGE = 25;
const OUTCOME_COLOUR = { allowed: "green", refused: "red", failed: "orange" } as const;
const words = (s: string) => s.replace(/_/g, " ");

/**
 * The access log, as a privacy officer reads it: who touched a customer's health records, or what
 * one staff member touched, between two days in the user's zone, by action, paged, and as CSV.
 */
export function AccessHistory({ by, id }: { by: "customer" | "staff"; id: number }) {
  const zone = useUserTimeZone();
  const formatDateTime = useFormatDateTime();
  const [from, setFrom] = useState(dayjs().subtract(30, "day").format("YYYY-MM-DD"));
  const [to, setTo] = useState(dayjs().format("YYYY-MM-DD"));
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const endpoint = by === "customer" ? customerAccessReport : staffAccessReport;
  const query = {
    from: from ? zoneDayBounds(from, zone).from.toISOString() : undefined,
    to: to ? zoneDayBounds(to, zone).to.toISOString() : undefined,
    action: (action ?? undefined) as (typeof accessActions)[number] | undefined,
  };
  const { data, isFetching, error } = useQuery({
    queryKey: ["access-log", by, id, query, page],
    queryFn: () => callEndpoint(endpoint, { params: { id }, query: { ...query, page, per_page: PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
  const { showAlert } = useAlert();
  const reported = (download: () => Promise<void>) => async () => {
    try {
      await download();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const csv = useAction(
    reported(() =>
      downloadFileBlob(
        buildUrl(endpoint, { id }, { ...query, format: "csv" }),
        `access-log-${by}-${id}-${from}-${to}.csv`,
      ),
    ),
  );
  const record = useAction(
    reported(() => downloadFileBlob(buildUrl(exportCustomerRecord, { id }), `customer-${id}-record.zip`)),
  );
  const rows = data?.data ?? [];
  return (
    <Stack gap="sm" data-testid={`access-history-${by}-${id}`}>
      <Group gap="xs" align="flex-end">
        <CalendarDateInput
          label="From"
          size="xs"
          w={120}
          value={from}
          onChange={(v) => {
            setFrom(v);
            setPage(1);
          }}
        />
        <CalendarDateInput
          label="To"
          size="xs"
          w={120}
          value={to}
          onChange={(v) => {
            setTo(v);
            setPage(1);
          }}
        />
        <Select
          label="Action"
          size="xs"
          clearable
          placeholder="All actions"
          data={accessActions.map((a) => ({ value: a, label: words(a) }))}
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          w={170}
        />
        <Button size="xs" variant="default" onClick={csv.run} loading={csv.isPending}>
          Export CSV
        </Button>
        {by === "customer" && (
          <Button size="xs" variant="light" onClick={record.run} loading={record.isPending}>
            Download customer's record
          </Button>
        )}
      </Group>
      {/* With no rows the table says what failed; with the last answer's rows kept, this does. */}
      {error && rows.length > 0 ? <ErrorState error={error} what="the newer entries" /> : null}
      <DataTable<AccessLogEntryWire>
        ariaLabel={by === "customer" ? "Access history" : "Staff access report"}
        rows={rows}
        loading={isFetching && !data}
        error={error}
        rowKey={(r) => r.seq}
        emptyText="No access in this period."
        columns={[
          { key: "when", title: "When", width: 170, render: (r) => formatDateTime(r.occurred_at) },
          by === "customer"
            ? {
                key: "who",
                title: "Staff",
                render: (r) => (
                  <Text size="sm">
                    {r.staff_name ?? (r.staff_id ? `#${r.staff_id}` : "System")}
                    <Text span size="xs" c="dimmed">
                      {r.staff_role_id === 1 ? " · admin" : ""}
                    </Text>
                  </Text>
                ),
              }
            : {
                key: "customer",
                title: "Customer",
                render: (r) => r.customer_name ?? (r.customer_id ? `#${r.customer_id}` : "—"),
              },
          { key: "action", title: "Action", width: 130, render: (r) => words(r.action) },
          {
            key: "what",
            title: "Record",
            render: (r) => `${words(r.resource)}${r.resource_id ? ` #${r.resource_id}` : ""}`,
          },
          {
            key: "fields",
            title: "Fields changed",
            render: (r) => (r.changed_fields?.length ? r.changed_fields.join(", ") : "—"),
          },
          { key: "screen", title: "Screen", render: (r) => r.screen ?? r.route ?? "—" },
          {
            key: "outcome",
            title: "Outcome",
            width: 100,
            render: (r) => (
              <Badge color={OUTCOME_COLOUR[r.outcome]} variant="light" title={r.reason ?? undefined}>
                {r.outcome}
              </Badge>
            ),
          },
        ]}
      />
      {data && (
        <PaginationBar
          page={page}
          perPage={PER_PAGE}
          total={data.meta.pagination.total}
          totalKind={data.meta.pagination.total_kind}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
