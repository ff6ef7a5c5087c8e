import { getOutletDay } from "@loupe/contract";
import {
  formatCalendarDay,
  WORKSHOP_FILTER_HINTS,
  WORKSHOP_FILTER_LABELS,
  type WorkshopFilter,
} from "@loupe/domain";
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { LazySelect as Select } from "../../../components/lazy-select";
import { callEndpoint } from "../../../lib/api-client";
import { useCurrentOutlet, useOutlets } from "../../reference/use-reference-data";
import { outletJobsPath } from "../outlet-day-links";

const CARDS: { filter: WorkshopFilter; colour: string }[] = [
  { filter: "late", colour: "red" },
  { filter: "at-risk", colour: "orange" },
  { filter: "due-today", colour: "blue" },
  { filter: "ready", colour: "teal" },
  { filter: "uncollected", colour: "grape" },
];

/**
 * The outlet's day on one screen (issue 27): the jobs made at the staff member's outlet by stage,
 * late, at risk, ready, uncollected and promised today, each number opening the filtered jobs
 * list. The outlet is in the URL (another outlet's day can be sent as a link); without one, the
 * staff member's own.
 */
export default function OutletDayPage() {
  const [params, setParams] = useSearchParams();
  const { data: outlets = [] } = useOutlets();
  const current = useCurrentOutlet();
  const outletId = Number(params.get("outlet_id") ?? current?.id ?? 0);
  const { data, error, isLoading } = useQuery({
    queryKey: ["outlet-day", outletId],
    enabled: outletId > 0,
    // A wall screen in the workshop: fresh every minute without a reload.
    refetchInterval: 60_000,
    queryFn: async () => (await callEndpoint(getOutletDay, { query: { outlet_id: outletId } })).data,
  });
  return (
    <Stack gap="md" data-testid="outlet-day">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={3}>{data ? `${data.outlet.name} today` : "Outlet's day"}</Title>
          {data && (
            <Text size="sm" c="dimmed">
              {formatCalendarDay(data.today)} on the outlet's clock ({data.outlet.time_zone})
            </Text>
          )}
        </Stack>
        <Select
          label="Outlet"
          w={240}
          searchable
          data={outlets.map((o) => ({ value: String(o.id), label: o.name }))}
          value={outletId ? String(outletId) : null}
          onChange={(v) => v && setParams({ outlet_id: v }, { replace: true })}
        />
      </Group>
      {error ? <ErrorState error={error} what="the outlet's day" /> : null}
      {isLoading && <Text c="dimmed">Loading the outlet's day…</Text>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            {CARDS.map((c) => (
              <Paper
                key={c.filter}
                withBorder
                p="sm"
                component={Link}
                to={outletJobsPath(data.outlet.id, { filter: c.filter })}
                data-testid={`day-count-${c.filter}`}
                style={{ textDecoration: "none", borderLeft: `4px solid var(--mantine-color-${c.colour}-6)` }}
              >
                <Text size="sm" fw={600} c="dark">
                  {WORKSHOP_FILTER_LABELS[c.filter]}
                </Text>
                <Text
                  size="xl"
                  fw={700}
                  c={data.counts[c.filter] ? `${c.colour}.8` : "dimmed"}
                  data-testid="count"
                >
                  {data.counts[c.filter]}
                </Text>
                <Text size="xs" c="dimmed">
                  {WORKSHOP_FILTER_HINTS[c.filter]}
                </Text>
              </Paper>
            ))}
            <Paper withBorder p="sm" data-testid="day-count-messages">
              <Text size="sm" fw={600}>
                Messages
              </Text>
              {data.messages ? (
                <Text size="sm">
                  {data.messages.waiting} waiting · {/* The failed ones are the outlet's call list. */}
                  <Link to="/call-list" data-testid="day-messages-failed">
                    {data.messages.failed} failed
                  </Link>
                </Text>
              ) : (
                <Text size="xl" fw={700} c="dimmed">
                  —
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Ready-to-collect messages waiting or failed
              </Text>
            </Paper>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Jobs by stage
              </Text>
              <Table striped withRowBorders={false} data-testid="day-stages">
                <Table.Tbody>
                  {data.stages.map((s) => (
                    <Table.Tr key={s.status_id}>
                      <Table.Td>{s.display_name}</Table.Td>
                      <Table.Td ta="right">
                        <Anchor
                          component={Link}
                          to={outletJobsPath(data.outlet.id, { statusId: s.status_id })}
                        >
                          {s.total}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Promised today
              </Text>
              {data.promised_today.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No job is promised for today.
                </Text>
              ) : (
                <Table withRowBorders={false} data-testid="day-promised-today">
                  <Table.Tbody>
                    {data.promised_today.map((j) => (
                      <Table.Tr key={j.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/jobs/${encodeURIComponent(j.vend_invoice_number)}`}>
                            {j.vend_invoice_number}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{j.customer_name}</Table.Td>
                        <Table.Td>
                          {j.is_ready ? (
                            <Badge color="teal" size="sm">
                              {j.status}
                            </Badge>
                          ) : (
                            j.status
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
