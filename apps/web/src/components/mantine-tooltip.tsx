import { Tooltip } from "@mantine/core";

/** Mantine's Tooltip on its own, so `LazyTooltip` can load it (and its floating layer) on demand. */
export default Tooltip;
