import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLUS_CYLINDER_VALUES, transposeCylinder } from "./cylinder-transpose";
import { CYLINDER_VALUES, prescriptionSchema, SPHERE_VALUES } from "./prescription-rules";

describe("plus cylinder transposed to minus (issue 52)", () => {
  it("writes +1.00 / +0.75 × 10 as +1.75 / −0.75 × 100, and +2.00 / +1.50 × 135 as +3.50 / −1.50 × 45", () => {
    expect(transposeCylinder({ sph: 1, cyl: 0.75, axis: 10 })).toEqual({ sph: 1.75, cyl: -0.75, axis: 100 });
    expect(transposeCylinder({ sph: 2, cyl: 1.5, axis: 135 })).toEqual({ sph: 3.5, cyl: -1.5, axis: 45 });
  });

  it("keeps the axis within 1–180: 90 becomes 180, 180 and 0 become 90", () => {
    expect(transposeCylinder({ sph: -2, cyl: 0.5, axis: 90 }).axis).toBe(180);
    expect(transposeCylinder({ sph: -2, cyl: 0.5, axis: 180 }).axis).toBe(90);
    expect(transposeCylinder({ sph: -2, cyl: 0.5, axis: 0 }).axis).toBe(90);
  });

  it("is its own inverse and always lands on the minus-cylinder form the prescription rules accept", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPHERE_VALUES.filter((s) => s >= -12 && s <= 6)),
        fc.constantFrom(...PLUS_CYLINDER_VALUES),
        fc.integer({ min: 0, max: 180 }),
        (sph, cyl, axis) => {
          const minus = transposeCylinder({ sph, cyl, axis });
          expect(CYLINDER_VALUES).toContain(minus.cyl);
          expect(minus.axis).toBeGreaterThanOrEqual(1);
          expect(minus.axis).toBeLessThanOrEqual(180);
          const back = transposeCylinder(minus);
          expect(back).toEqual({ sph, cyl, axis: axis === 0 ? 180 : axis });
        },
      ),
    );
  });
});

describe("axis 0 (issue 52)", () => {
  it("is accepted and stored as 180, the meridian labs read it as", () => {
    const parsed = prescriptionSchema.safeParse({ type_id: 1, source_id: 2, right_cyl: -0.5, right_axis: 0 });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.right_axis).toBe(180);
  });

  it("still refuses an axis past 180 or below 0", () => {
    for (const axis of [181, -1]) {
      const parsed = prescriptionSchema.safeParse({
        type_id: 1,
        source_id: 2,
        right_cyl: -0.5,
        right_axis: axis,
      });
      expect(parsed.error?.issues.map((i) => i.path[0])).toContain("right_axis");
    }
  });
});
