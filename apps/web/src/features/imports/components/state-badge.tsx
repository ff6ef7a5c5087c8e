import type { ImportState } from "@loupe/domain";
import { Badge } from "@mantine/core";
import { STATE_LABELS } from "../import-words";

export function StateBadge({ state }: { state: ImportState }) {
  const { label, color } = STATE_LABELS[state];
  return (
    <Badge color={color} variant="light" data-testid="import-state">
      {label}
    </Badge>
  );
}
