import type { DuplicatePairWire } from "@loupe/contract";
import type { Verdict } from "@loupe/domain";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { RuleGate } from "../../jobs/components/rule-gate";
import { EVIDENCE_LABELS, mergePath, W } from "../merge-words";

type Side = DuplicatePairWire["a"];

function SideFacts({ side }: { side: Side }) {
  return (
    <Stack gap={2} data-testid="pair-side" style={{ minWidth: 0 }}>
      <Text fw={600} size="sm">
        <Link to={`/customers/${side.id}`}>{side.full_name || `#${side.id}`}</Link>{" "}
        <Text span size="xs" c="dimmed">
          #{side.id}
        </Text>
      </Text>
      <Text size="xs" style={{ overflowWrap: "anywhere" }}>
        {[side.email, side.mobile].filter(Boolean).join(" · ") || W.none}
      </Text>
      <Text size="xs" c="dimmed">
        {W.dob}: {side.dob ? formatDate(side.dob) : W.none} · {W.outlet}: {side.outlet_name ?? W.none}
      </Text>
      <Text size="xs" c="dimmed">
        {W.counts(side.prescriptions, side.jobs)}
      </Text>
    </Stack>
  );
}

/**
 * One possible pair: why the finder thinks they are one person (a badge per piece of evidence with
 * its plain-words detail), both records, and the two ways to settle it.
 */
export function PairCard({
  pair,
  verdict,
  dismissing,
  onDismiss,
}: {
  pair: DuplicatePairWire;
  verdict: Verdict;
  dismissing: boolean;
  onDismiss: (pair: DuplicatePairWire) => void;
}) {
  const a = pair.a.full_name || `#${pair.a.id}`;
  const b = pair.b.full_name || `#${pair.b.id}`;
  // The older record is kept by default: it is the one other systems and receipts already know.
  const [keep, lose] = pair.a.created_at <= pair.b.created_at ? [pair.a, pair.b] : [pair.b, pair.a];
  return (
    <Paper withBorder p="sm" component="li" data-testid="duplicate-pair">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="filled" color={pair.score >= 80 ? "red" : "orange"}>
            {W.score(pair.score)}
          </Badge>
          {pair.evidence.map((e) => (
            <Badge key={e.by} variant="light" data-testid="pair-evidence" title={e.detail}>
              {EVIDENCE_LABELS[e.by]}
            </Badge>
          ))}
        </Group>
        <Stack gap={0}>
          {pair.evidence.map((e) => (
            <Text key={e.by} size="xs" c="dimmed" data-testid="pair-evidence-detail">
              {e.detail}
            </Text>
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SideFacts side={pair.a} />
          <SideFacts side={pair.b} />
        </SimpleGrid>
        {pair.state === "open" && (
          <RuleGate verdict={verdict}>
            {(disabled) => (
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  disabled={disabled}
                  loading={dismissing}
                  aria-label={W.dismissFor(a, b)}
                  onClick={() => onDismiss(pair)}
                >
                  {W.dismiss}
                </Button>
                <Button
                  size="xs"
                  component={Link}
                  to={mergePath(keep.id, lose.id, pair.id)}
                  aria-label={W.compareFor(a, b)}
                  aria-disabled={disabled || undefined}
                  onClick={(e) => disabled && e.preventDefault()}
                >
                  {W.compare}
                </Button>
              </Group>
            )}
          </RuleGate>
        )}
      </Stack>
    </Paper>
  );
}
