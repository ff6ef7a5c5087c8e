import { statusColour } from "@loupe/domain";
import { Badge } from "@mantine/core";

const COLOUR = { orange: "orange", green: "green", blue: "blue", neutral: "gray" } as const;

/** A status shown in its colour group (jobs-area §4). */
export function StatusBadge({ slug, label }: { slug: string; label: string }) {
  return (
    <Badge color={COLOUR[statusColour(slug)]} variant="light">
      {label}
    </Badge>
  );
}
