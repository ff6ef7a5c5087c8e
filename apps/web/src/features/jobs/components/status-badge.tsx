import { statusColour } from "@loupe/domain";
import { Badge } from "@mantine/core";

const COLOUR = { orange: "orange", green: "green", blue: "blue", neutral: "gray" } as const;

/** The Mantine colour of a status's colour group (spec §4). */
export const statusColourName = (slug: string) => COLOUR[statusColour(slug)];

/** A status shown in its colour group (jobs-area §4). */
export function StatusBadge({ slug, label }: { slug: string; label: string }) {
  return (
    <Badge color={statusColourName(slug)} variant="light" data-testid="status-badge">
      {label}
    </Badge>
  );
}
