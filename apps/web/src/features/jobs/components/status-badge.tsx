import { statusColour } from "@loupe/domain";
import { Badge } from "@mantine/core";
import { LazyTooltip as Tooltip } from "../../../components/lazy-tooltip";

const COLOUR = { orange: "orange", green: "green", blue: "blue", neutral: "gray" } as const;

/** The Mantine colour of a status's colour group (spec §4). */
export const statusColourName = (slug: string) => COLOUR[statusColour(slug)];

/**
 * A status shown in its colour group (jobs-area §4). The badge keeps its full width beside other
 * controls, and where a narrow column still cuts it, the tooltip gives the whole name.
 */
export function StatusBadge({ slug, label }: { slug: string; label: string }) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <Badge
        color={statusColourName(slug)}
        variant="light"
        data-testid="status-badge"
        aria-label={label}
        maw="none"
        style={{ flexShrink: 0, overflow: "visible" }}
        styles={{ label: { overflow: "visible", textOverflow: "clip" } }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
