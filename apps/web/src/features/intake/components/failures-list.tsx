import type { IntakeFailureWire } from "@loupe/contract";
import { EXACT_TIME_DISPLAY_FORMAT } from "@loupe/domain";
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { ErrorState } from "../../../components/error-state";
import { RuleGate } from "../../jobs/components/rule-gate";
import { useFormatDateTime } from "../../reference/use-date-format";
import { FAILURE_LABELS, W } from "../intake-words";
import type { DecideIntake } from "../use-intake-rule";

/**
 * Deliveries Loupe could not read (a forged signature, a shape not the provider's): what was wrong,
 * never what they held. Only an administrator opens the raw payload (the rulebook hides the button
 * from everyone else, and the server refuses them).
 */
export function FailuresList({
  rows,
  loading,
  error,
  onRetryLoad,
  decide,
  onOpen,
}: {
  rows: IntakeFailureWire[];
  loading: boolean;
  error: unknown;
  onRetryLoad: () => void;
  decide: DecideIntake;
  onOpen: (id: number) => void;
}) {
  const formatWhen = useFormatDateTime(EXACT_TIME_DISPLAY_FORMAT);
  if (error) return <ErrorState error={error} onRetry={onRetryLoad} />;
  if (loading) return <Skeleton h={64} />;
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {W.noneFailed}
      </Text>
    );
  const raw = decide("intake_raw", null);
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={W.failedList}>
      {rows.map((f) => (
        <Paper key={f.id} withBorder p="sm" component="li" data-testid="intake-failure">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
              <Group gap="xs">
                <Badge variant="light" color="red" size="sm">
                  {FAILURE_LABELS[f.kind]}
                </Badge>
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {f.store_key}
                </Text>
              </Group>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {f.message}
              </Text>
              <Text size="xs" c="dimmed">
                {W.received} {formatWhen(f.received_at)}
              </Text>
            </Stack>
            <RuleGate verdict={raw}>
              {(disabled) => (
                <Button
                  size="xs"
                  variant="light"
                  disabled={disabled}
                  aria-label={W.showRawFor(f.id)}
                  onClick={() => onOpen(f.id)}
                >
                  {W.showRaw}
                </Button>
              )}
            </RuleGate>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
