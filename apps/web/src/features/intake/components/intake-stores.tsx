import type { IntakeSummaryWire } from "@loupe/contract";
import { EXACT_TIME_DISPLAY_FORMAT } from "@loupe/domain";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { RuleGate } from "../../jobs/components/rule-gate";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useRegions } from "../../reference/use-reference-data";
import { useSyncStore } from "../api";
import { SOURCE_LABELS, W } from "../intake-words";
import type { DecideIntake } from "../use-intake-rule";

/**
 * Below the lists (a phone reaches what waits first), one card per configured store: where its sales come from, what arrived from it today per outlet,
 * its last sync (and why that failed), and "Sync now", which reads its change feed from the kept
 * cursor on the background queue.
 */
export function IntakeStores({ summary, decide }: { summary: IntakeSummaryWire; decide: DecideIntake }) {
  const { data: regions = [] } = useRegions();
  const formatWhen = useFormatDateTime(EXACT_TIME_DISPLAY_FORMAT);
  const sync = useSyncStore();
  const { showAlert } = useAlert();

  async function syncNow(key: string, label: string) {
    try {
      await sync.mutateAsync(key);
      showAlert({ variant: "success", message: W.syncAsked(label) });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }

  if (!summary.stores.length) return <Text size="sm">{W.noStores}</Text>;
  return (
    <section aria-labelledby="intake-stores-title">
      <Title order={3} size="h4" id="intake-stores-title" mb="sm">
        {W.stores}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {summary.stores.map((store) => {
          const arrived = summary.arrived.filter((a) => a.store_key === store.key);
          const region = regions.find((r) => r.id === store.region_id);
          return (
            <Paper
              key={store.key}
              withBorder
              p="sm"
              data-testid="intake-store"
              aria-label={store.label}
              component="article"
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {store.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {SOURCE_LABELS[store.source]}
                      {region ? ` · ${region.name}` : ""}
                    </Text>
                  </Stack>
                  {store.stand_in && (
                    <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                      {W.standIn}
                    </Badge>
                  )}
                </Group>
                {arrived.length ? (
                  <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
                    {arrived.map((a) => (
                      <Group
                        key={`${a.outlet_id}`}
                        component="li"
                        justify="space-between"
                        gap="xs"
                        data-testid="intake-arrived"
                      >
                        <Text size="sm">{W.arrivedAt(a.outlet_name)}</Text>
                        <Text size="sm" fw={600}>
                          {W.salesCount(a.count)}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {W.arrivedNone}
                  </Text>
                )}
                <Text size="xs">
                  {W.lastSync}: {store.last_synced_at ? formatWhen(store.last_synced_at) : W.neverSynced}
                </Text>
                {store.last_sync_error && (
                  <Text size="xs" c="red.8" data-testid="intake-sync-error">
                    {W.syncError}: {store.last_sync_error}
                  </Text>
                )}
                <Group justify="flex-end">
                  <RuleGate verdict={decide("intake_sync", store.region_id)}>
                    {(disabled) => (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={disabled}
                        loading={sync.isPending && sync.variables === store.key}
                        aria-label={W.syncNowFor(store.label)}
                        onClick={() => syncNow(store.key, store.label)}
                      >
                        {W.syncNow}
                      </Button>
                    )}
                  </RuleGate>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
