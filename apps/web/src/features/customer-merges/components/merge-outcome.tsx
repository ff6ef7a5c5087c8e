import type { MergePreviewWire } from "@loupe/contract";
import { OPT_IN_LABELS } from "@loupe/domain";
import { List, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { W } from "../merge-words";

const CHANNELS = ["channel_sms", "channel_phone", "channel_email"] as const;

/** What the losing record holds (all of it moves), and the consent the kept record ends with. */
export function MergeOutcome({ preview }: { preview: MergePreviewWire }) {
  const { lose, consent } = preview;
  const holds = Object.entries(lose.holds).filter(([, n]) => n > 0);
  const loseName = `${lose.first_name} ${lose.last_name}`.trim() || `#${lose.id}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper
        withBorder
        p="sm"
        component="section"
        aria-label={W.holdsTitle(loseName)}
        data-testid="merge-holds"
      >
        <Text fw={600} size="sm" mb={4}>
          {W.holdsTitle(loseName)}
        </Text>
        {holds.length ? (
          <List size="sm">
            {holds.map(([label, n]) => (
              <List.Item key={label}>
                {label}: {n}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {W.holdsNothing}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="sm" component="section" aria-label={W.consentTitle} data-testid="merge-consent">
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {W.consentTitle}
          </Text>
          <Text size="sm">
            {OPT_IN_LABELS[consent.new_opt_in]}
            {" · "}
            {CHANNELS.map((c) => `${W.channels[c]} ${consent[c] ? W.allowed : W.notAllowed}`).join(", ")}
          </Text>
          <Text size="xs" c="dimmed">
            {W.consentExplain}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
