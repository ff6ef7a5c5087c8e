import type { LensOptionWire } from "@loupe/contract";

/** A lens option in one line: name, thickness, coating and tint. */
export const lensLabel = (o: LensOptionWire) =>
  [o.lenses.name, o.lenses.display_thickness, o.coating.display_name, o.tint?.display_name]
    .filter(Boolean)
    .join(" · ");
