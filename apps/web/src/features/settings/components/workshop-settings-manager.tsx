import {
  addPublicHoliday,
  getWorkshopSettings,
  removePublicHoliday,
  saveWorkshopSettings,
  type WorkshopSettingsWire,
} from "@loupe/contract";
import { formatCalendarDay, PROMISE_PRODUCT_KIND_LABELS, PROMISE_PRODUCT_KINDS } from "@loupe/domain";
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useOutlets } from "../../reference/use-reference-data";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * Settings for administrators (issue 27, ADR 0036): an outlet's turnaround in working days per
 * product kind, its working week, how long a ready job may wait before it is "uncollected", and the
 * public holidays its promises skip. Saved with the version read (someone else's save: 409).
 */
export function WorkshopSettingsManager() {
  const { data: outlets = [] } = useOutlets();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [outletId, setOutletId] = useState<number | null>(null);
  const id = outletId ?? outlets[0]?.id ?? 0;
  const key = ["workshop-settings", id];
  const { data } = useQuery({
    queryKey: key,
    enabled: id > 0,
    queryFn: async () => (await callEndpoint(getWorkshopSettings, { params: { id } })).data,
  });
  const [draft, setDraft] = useState<WorkshopSettingsWire | null>(null);
  const [holiday, setHoliday] = useState({ day: "", name: "", scope: "region" as "region" | "outlet" });
  useEffect(() => setDraft(data ?? null), [data]);
  const done = (next: WorkshopSettingsWire, message: string) => {
    queryClient.setQueryData(key, next);
    showAlert({ variant: "success", message });
  };
  const run = async (call: () => Promise<{ data: WorkshopSettingsWire }>, message: string) => {
    try {
      done((await call()).data, message);
      return true;
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
      return false;
    }
  };
  return (
    <Paper withBorder p="md" mt="md" data-testid="workshop-settings">
      <Stack gap="sm">
        <Title order={4}>Workshop: promised dates</Title>
        <Text size="sm" c="dimmed">
          A new job is promised its slowest item's turnaround in the outlet's working days, skipping public
          holidays. Ready jobs waiting longer than the limit show as uncollected.
        </Text>
        <Select
          label="Outlet"
          w={260}
          searchable
          data={outlets.map((o) => ({ value: String(o.id), label: `${o.abbreviation} · ${o.name}` }))}
          value={id ? String(id) : null}
          onChange={(v) => v && setOutletId(Number(v))}
        />
        {draft && (
          <>
            <SimpleGrid cols={{ base: 2, md: 5 }}>
              {PROMISE_PRODUCT_KINDS.map((k) => (
                <NumberInput
                  key={k}
                  label={`${PROMISE_PRODUCT_KIND_LABELS[k]} (working days)`}
                  min={0}
                  max={60}
                  value={draft.turnaround_days[k]}
                  onChange={(v) =>
                    setDraft({ ...draft, turnaround_days: { ...draft.turnaround_days, [k]: Number(v) || 0 } })
                  }
                />
              ))}
              <NumberInput
                label="Uncollected after (days)"
                min={1}
                max={365}
                value={draft.uncollected_after_days}
                onChange={(v) => setDraft({ ...draft, uncollected_after_days: Number(v) || 1 })}
              />
            </SimpleGrid>
            <Checkbox.Group
              label="Working days"
              value={draft.working_days.map(String)}
              onChange={(v) => setDraft({ ...draft, working_days: v.map(Number).sort() })}
            >
              <Group gap="sm" mt={4}>
                {WEEKDAYS.map((d, i) => (
                  <Checkbox key={d} value={String(i + 1)} label={d} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button
                onClick={() =>
                  run(
                    () =>
                      callEndpoint(saveWorkshopSettings, {
                        params: { id },
                        body: {
                          turnaround_days: draft.turnaround_days,
                          working_days: draft.working_days,
                          uncollected_after_days: draft.uncollected_after_days,
                          version: draft.version,
                        },
                      }),
                    "Workshop settings saved.",
                  )
                }
              >
                Save workshop settings
              </Button>
            </Group>
            <Title order={5}>Public holidays</Title>
            <Table striped withTableBorder>
              <Table.Tbody>
                {draft.holidays.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{formatCalendarDay(h.day)}</Table.Td>
                    <Table.Td>{h.name}</Table.Td>
                    <Table.Td>{h.scope === "region" ? "Whole region" : "This outlet"}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          run(
                            () => callEndpoint(removePublicHoliday, { params: { id, holidayId: h.id } }),
                            `${h.name} removed.`,
                          )
                        }
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group align="flex-end">
              <CalendarDateInput
                label="Day"
                w={150}
                value={holiday.day}
                onChange={(day) => setHoliday({ ...holiday, day })}
              />
              <TextInput
                label="Holiday"
                value={holiday.name}
                onChange={(e) => setHoliday({ ...holiday, name: e.currentTarget.value })}
              />
              <SegmentedControl
                value={holiday.scope}
                onChange={(v) => setHoliday({ ...holiday, scope: v as "region" | "outlet" })}
                data={[
                  { value: "region", label: "Whole region" },
                  { value: "outlet", label: "This outlet" },
                ]}
              />
              <Button
                variant="light"
                onClick={async () => {
                  const added = await run(
                    () => callEndpoint(addPublicHoliday, { params: { id }, body: holiday }),
                    `${holiday.name || "Holiday"} added.`,
                  );
                  if (added) setHoliday({ day: "", name: "", scope: holiday.scope });
                }}
              >
                Add holiday
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
