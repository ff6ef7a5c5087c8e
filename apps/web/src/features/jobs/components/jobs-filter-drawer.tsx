import { Collapse } from "@mantine/core";
import type { ComponentProps } from "react";
import { JobsFilterPanel } from "./jobs-filter-panel";

/**
 * The Filters panel in its folding frame, loaded with the panel the first time Filters is opened:
 * the list's first paint carries neither (issue 31). Once loaded it stays mounted, so closing keeps
 * the draft and reopening folds out as before.
 */
export function JobsFilterDrawer({
  expanded,
  ...panel
}: ComponentProps<typeof JobsFilterPanel> & { expanded: boolean }) {
  return (
    <Collapse expanded={expanded}>
      <JobsFilterPanel {...panel} />
    </Collapse>
  );
}
