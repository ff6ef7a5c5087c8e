import { outletTillSummary } from "@loupe/contract";
import { outletTimeZone } from "@loupe/domain";
import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { ErrorState } from "../../../components/error-state";
import { LazySelect as Select } from "../../../components/lazy-select";
import { buildUrl, callEndpoint } from "../../../lib/api-client";
import { formatDate, formatMoney } from "../../../lib/format";
import { readSession } from "../../../lib/session";
import { useOutlets } from "../../reference/use-reference-data";

/** Today on the outlet's clock (not the browser's), as YYYY-MM-DD. */
const todayIn = (timeZone?: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

/**
 * The till's day for managers (issue 30, ADR 0033): an outlet's card and till money by staff member,
 * the gateway's own totals beside ours, the differences, a CSV and the browser's print. The outlet
 * and the day are in the URL (DESIGN rule 7).
 */
export default function TillSummaryPage() {
  const [params, setParams] = useSearchParams();
  const { data: outlets = [] } = useOutlets();
  const session = readSession();
  const outletId = Number(params.get("outlet_id") ?? session?.user.outlet_id ?? 0);
  const outlet = outlets.find((o) => o.id === outletId);
  const date = params.get("date") ?? todayIn(outlet ? outletTimeZone(outlet) : undefined);
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const { data, error, isLoading } = useQuery({
    queryKey: ["till-summary", outletId, date],
    enabled: outletId > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date),
    queryFn: async () =>
      (await callEndpoint(outletTillSummary, { params: { id: outletId }, query: { date } })).data,
  });
  const fmt = (minor: number | null) =>
    minor === null ? "—" : formatMoney(minor / 100, data?.currency ?? "AUD");
  const downloadCsv = async () => {
    const res = await fetch(buildUrl(outletTillSummary, { id: outletId }, { date, format: "csv" }), {
      headers: { authorization: `Bearer ${readSession()?.token ?? ""}` },
    });
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement("a"), {
      href: url,
      download: `till-${outletId}-${date}.csv`,
    });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>Till summary</Title>
      <Group align="flex-end" className="no-print">
        <Select
          label="Outlet"
          searchable
          w={260}
          data={outlets.map((o) => ({ value: String(o.id), label: o.name }))}
          value={outletId ? String(outletId) : null}
          onChange={(v) => set("outlet_id", v)}
        />
        <CalendarDateInput label="Day" w={160} value={date} onChange={(v) => set("date", v || null)} />
        <Button variant="default" onClick={downloadCsv} disabled={!data}>
          Export CSV
        </Button>
        <Button variant="default" onClick={() => window.print()} disabled={!data}>
          Print
        </Button>
      </Group>
      {error ? <ErrorState error={error} what="the till summary" /> : null}
      {isLoading && <Text size="sm">Loading…</Text>}
      {data && (
        <>
          <Text size="sm">
            {data.outlet.name}, {formatDate(data.date)} ({data.time_zone}), {data.currency}.{" "}
            <strong data-testid="till-reconciled">
              {data.reconciled
                ? "Matches the payment gateway."
                : `${data.differences.length} difference(s) with the payment gateway.`}
            </strong>
          </Text>
          <Table withTableBorder striped aria-label="Till by staff member">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Who</Table.Th>
                <Table.Th ta="right">Card payments</Table.Th>
                <Table.Th ta="right">Card refunds</Table.Th>
                <Table.Th ta="right">Till payments</Table.Th>
                <Table.Th ta="right">Till refunds</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...data.by_staff, { staff_user_id: -1, staff_name: "All staff", ...data.totals }].map((r) => (
                <Table.Tr key={r.staff_user_id ?? 0} fw={r.staff_user_id === -1 ? 700 : undefined}>
                  <Table.Td>{r.staff_name}</Table.Td>
                  <Table.Td ta="right">{fmt(r.card_payments_minor)}</Table.Td>
                  <Table.Td ta="right">{fmt(r.card_refunds_minor)}</Table.Td>
                  <Table.Td ta="right">{fmt(r.till_payments_minor)}</Table.Td>
                  <Table.Td ta="right">{fmt(r.till_refunds_minor)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>Payment gateway</Table.Td>
                <Table.Td ta="right">{fmt(data.gateway.card_payments_minor)}</Table.Td>
                <Table.Td ta="right">{fmt(data.gateway.card_refunds_minor)}</Table.Td>
                <Table.Td />
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {data.differences.length > 0 && (
            <Table withTableBorder aria-label="Differences with the payment gateway">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th ta="right">Loupe</Table.Th>
                  <Table.Th ta="right">Gateway</Table.Th>
                  <Table.Th>Note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.differences.map((d) => (
                  <Table.Tr key={`${d.kind}-${d.reference}`}>
                    <Table.Td>{d.kind}</Table.Td>
                    <Table.Td>{d.reference}</Table.Td>
                    <Table.Td>{d.order_id ?? "—"}</Table.Td>
                    <Table.Td ta="right">{fmt(d.ours_minor)}</Table.Td>
                    <Table.Td ta="right">{fmt(d.gateway_minor)}</Table.Td>
                    <Table.Td>{d.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
