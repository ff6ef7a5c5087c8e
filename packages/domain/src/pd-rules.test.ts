import { describe, expect, it } from "vitest";
import { presentPd } from "./pd-presenter";
import { isComplexPd, normalisePdInput, pdErrorForLensType, pdSchema, pdWidthErrors } from "./pd-rules";

describe("PD validation", () => {
  it("asks for a value only when none is filled", () => {
    expect(pdWidthErrors({})).toEqual({ binocular_dist_pd: "The binocular distance PD field is required." });
    expect(pdWidthErrors({ right_reading_pd: 30 })).toEqual({});
  });

  it("applies simple limits: binocular ≥ 30, monocular ≥ 15, all ≤ 100, half steps", () => {
    expect(pdWidthErrors({ binocular_dist_pd: 29.5, right_dist_pd: 14.5, left_dist_pd: 100.5 })).toEqual({
      binocular_dist_pd: "binocular distance PD must be greater than 30.",
      right_dist_pd: "right distance PD must be greater than 15.",
      left_dist_pd: "The left distance PD must be lower than 100",
    });
    expect(pdWidthErrors({ binocular_dist_pd: 62.3 })).toEqual({
      binocular_dist_pd: "Please enter a valid PD value",
    });
    expect(pdWidthErrors({ binocular_dist_pd: 62.5, right_dist_pd: 31, left_dist_pd: 31.5 })).toEqual({});
  });

  it("applies complex limits (min 10) once an intermediate or reading value exists", () => {
    expect(isComplexPd({ binocular_dist_pd: 60 })).toBe(false);
    expect(isComplexPd({ left_int_pd: 28 })).toBe(true);
    expect(pdWidthErrors({ binocular_dist_pd: 20, binocular_int_pd: 9.5 })).toEqual({
      binocular_int_pd: "binocular intermediate PD must be greater than 10.",
    });
  });

  it("turns empty strings into null and needs a source", () => {
    const input = normalisePdInput({ binocular_dist_pd: "62", right_dist_pd: "", note: "" });
    expect(input).toEqual({ binocular_dist_pd: 62, right_dist_pd: null, note: null });
    const r = pdSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(["The source field is required."]);
  });
});

describe("PD against the lens type", () => {
  it("needs heights for multifocal, monocular distance for single vision class b/c, desk heights for desk", () => {
    expect(pdErrorForLensType({ binocular_dist_pd: 62 }, "multifocal")).toMatch(/multifocal heights/);
    expect(
      pdErrorForLensType({ right_height_multifocal: 20, left_height_multifocal: 20 }, "multifocal"),
    ).toBeNull();
    expect(pdErrorForLensType({ binocular_dist_pd: 62 }, "single-vision", "class-b")).toMatch(
      /monocular distance/,
    );
    expect(pdErrorForLensType({ binocular_dist_pd: 62 }, "single-vision", "class-a")).toBeNull();
    expect(pdErrorForLensType({ binocular_dist_pd: 62 }, "desk")).toMatch(/desk heights/);
  });
});

describe("PD presenter", () => {
  it("halves the binocular value when monocular values are missing, per purpose", () => {
    const p = presentPd({ binocular_dist_pd: 63, binocular_reading_pd: 60 }, { purpose: "reading" });
    expect(p.data.width).toEqual({ right: 30, left: 30, binocular: 60, pdZone: "reading" });
    expect(p.error).toBeNull();
  });

  it("prefers monocular values and sums them for the binocular width", () => {
    const p = presentPd({ right_dist_pd: 31, left_dist_pd: 32.5 });
    expect(p.data.width).toEqual({ right: 31, left: 32.5, binocular: 63.5, pdZone: "distance" });
  });

  it("takes the heights of the lens type and reports what is missing", () => {
    const p = presentPd({ binocular_dist_pd: 62, right_height_bifocal: 18 }, { lensType: "bifocal" });
    expect(p.data.height).toMatchObject({ right: 18, left: null, pdZone: "bifocal" });
    expect(p.data.height.error_message).toMatch(/bifocal heights/);
    const missing = presentPd({ binocular_dist_pd: 62 }, { purpose: "intermediate" });
    expect(missing.error).toBe("No intermediate PD recorded.");
  });
});
