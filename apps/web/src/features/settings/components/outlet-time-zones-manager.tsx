import { type OutletWire, setOutletTimeZone } from "@loupe/contract";
import { formatWhen, outletTimeZone, timeZonesForCountry } from "@loupe/domain";
import { Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { writeCached } from "../../../lib/cache";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useOutlets, useRegions } from "../../reference/use-reference-data";

/**
 * Settings for administrators (ADR 0035): each outlet's own time zone, from its country's list.
 * Every time shown for the outlet's jobs and staff, on screens, receipts and dockets, is on it.
 */
export function OutletTimeZonesManager() {
  const { data: outlets = [] } = useOutlets();
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const countryOf = (o: OutletWire) =>
    o.address?.country ?? regions.find((r) => r.id === o.region_id)?.country_code ?? "AU";

  const save = useAction(async (outlet: OutletWire, zone: string) => {
    try {
      const res = await callEndpoint(setOutletTimeZone, {
        params: { id: outlet.id },
        body: { time_zone: zone },
      });
      // The outlet list is kept in the browser for a day: the new zone replaces the old one now.
      const next = outlets.map((o) => (o.id === outlet.id ? { ...o, time_zone: res.data.time_zone } : o));
      queryClient.setQueryData(["reference", "outlets"], next);
      writeCached("outlets", next);
      showAlert({ variant: "success", message: `${outlet.name}: ${res.message}` });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });

  return (
    <Paper withBorder p="md" mt="md" data-testid="outlet-time-zones">
      <Stack gap="sm">
        <Title order={4}>Outlet time zones</Title>
        <Text size="sm" c="dimmed">
          Each outlet's clock: its jobs' times, receipts, dockets and its staff's "today".
        </Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Outlet</Table.Th>
              <Table.Th>Country</Table.Th>
              <Table.Th>Time zone</Table.Th>
              <Table.Th>Time there now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outlets.map((o) => {
              const zone = outletTimeZone(o);
              return (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    {o.abbreviation} · {o.name}
                  </Table.Td>
                  <Table.Td>{countryOf(o)}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Time zone of ${o.name}`}
                      size="xs"
                      allowDeselect={false}
                      data={timeZonesForCountry(countryOf(o)).map((z) => ({ value: z.zone, label: z.label }))}
                      value={zone}
                      disabled={save.isPending}
                      onChange={(v) => v && v !== zone && save.run(o, v)}
                    />
                  </Table.Td>
                  <Table.Td>{formatWhen(now, zone, "exact", { zone: true })}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
