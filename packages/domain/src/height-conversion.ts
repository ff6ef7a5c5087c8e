import type { GlassShape } from "./pd-rules";

// Frame shapes and PD height conversion (customers-area §9, jobs-area §4, §9).

export const SHAPE_LABEL = (shape: GlassShape, brand: string) =>
  shape === "classic" ? "Original" : shape === "round" ? "Capote" : `Non-${brand}`;

export const HEIGHT_MULTIPLIER: Record<string, number> = { XS: 0.9, S: 1, M: 1.1, L: 1.2 };
export const DEFAULT_HEIGHT_MULTIPLIER = 1.1;
export const ROUND_SHAPE_FACTOR = 0.9;

const multiplier = (size: string | null | undefined) =>
  HEIGHT_MULTIPLIER[size ?? ""] ?? DEFAULT_HEIGHT_MULTIPLIER;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** A height measured for one frame size and shape, recalculated for another, to 1 decimal. */
export function convertHeight(
  height: number,
  from: { size: string | null | undefined; shape: GlassShape },
  to: { size: string | null | undefined; shape: GlassShape },
): number {
  let value = (height / multiplier(from.size)) * multiplier(to.size);
  if (from.shape === "classic" && to.shape === "round") value *= ROUND_SHAPE_FACTOR;
  return round1(value);
}

/** Average heights, original → round, shown in the Shape Height Conversion info modal. */
export const AVERAGE_HEIGHTS = [
  { size: "L", bifocal: [17, 21], multifocal: [24, 28] },
  { size: "M", bifocal: [16, 20], multifocal: [23, 27] },
  { size: "S", bifocal: [16, 19], multifocal: [22, 26] },
] as const;

/** Shape rules: capote has no XS (becomes S); non-brand sets every size to nd. */
export function sizesForShape(
  shape: GlassShape,
  sizes: { frame: string | null; left_arm: string | null; right_arm: string | null },
): { frame: string | null; left_arm: string | null; right_arm: string | null } {
  if (shape === "non-brand") return { frame: "nd", left_arm: "nd", right_arm: "nd" };
  const fix = (s: string | null) => (shape === "round" && s === "XS" ? "S" : s === "nd" ? null : s);
  return { frame: fix(sizes.frame), left_arm: fix(sizes.left_arm), right_arm: fix(sizes.right_arm) };
}
