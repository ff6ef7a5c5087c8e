// Plus cylinder and axis 0 (issue 52, ADR 0051). Ophthalmologists and some labs write cylinder as a
// plus power; our prescriptions keep the spec's minus-cylinder form (cylinder 0 to −6.00), so a
// plus-cylinder prescription is transposed on entry: sphere + cylinder, the cylinder's sign
// changed, the axis turned 90° (kept within 1–180). It is the same lens written the other way.
// Labs read an axis of 0 as 180 (the same meridian), so 0 is accepted and stored as 180.
import { AXIS_MAX } from "./prescription-rules";

/** The axis as stored: 0 is the same meridian as 180. */
export const axisAsStored = (axis: number | null): number | null => (axis === 0 ? AXIS_MAX : axis);

/** Plus cylinders offered on the transpose form, +0.25 to +6.00. */
export const PLUS_CYLINDER_VALUES = Array.from({ length: 24 }, (_, i) => (i + 1) * 0.25);

export interface EyePowers {
  sph: number;
  cyl: number;
  axis: number;
}

/** sph + cyl, −cyl, axis ± 90 within 1–180: "+1.00 / +0.75 × 10" is "+1.75 / −0.75 × 100". */
export function transposeCylinder(rx: EyePowers): EyePowers {
  const axis = axisAsStored(rx.axis) ?? AXIS_MAX;
  return {
    // Powers are quarter-dioptre steps: round away float noise (0.1 + 0.2).
    sph: Math.round((rx.sph + rx.cyl) * 100) / 100 + 0,
    cyl: -rx.cyl + 0,
    axis: axis > 90 ? axis - 90 : axis + 90,
  };
}
