import { describe, expect, it } from "vitest";
import {
  AVERAGE_HEIGHTS,
  convertHeight,
  HEIGHT_MULTIPLIER,
  SHAPE_LABEL,
  sizesForShape,
} from "./height-conversion";

describe("height conversion", () => {
  const sizes = ["XS", "S", "M", "L"] as const;
  it("scales by the size multipliers for every pair of sizes, to one decimal", () => {
    for (const from of sizes) {
      for (const to of sizes) {
        const expected = Math.round((20 / HEIGHT_MULTIPLIER[from]) * HEIGHT_MULTIPLIER[to] * 10) / 10;
        expect(
          convertHeight(20, { size: from, shape: "classic" }, { size: to, shape: "classic" }),
          `${from}→${to}`,
        ).toBe(expected);
      }
    }
    expect(convertHeight(20, { size: "S", shape: "classic" }, { size: "L", shape: "classic" })).toBe(24);
    expect(convertHeight(18, { size: "M", shape: "classic" }, { size: "XS", shape: "classic" })).toBe(14.7);
  });

  it("uses 1.1 for an unknown size and applies 0.9 only from original to round", () => {
    expect(convertHeight(22, { size: null, shape: "classic" }, { size: "M", shape: "classic" })).toBe(22);
    expect(convertHeight(20, { size: "S", shape: "classic" }, { size: "S", shape: "round" })).toBe(18);
    expect(convertHeight(20, { size: "S", shape: "round" }, { size: "S", shape: "classic" })).toBe(20);
    expect(convertHeight(20, { size: "S", shape: "non-brand" }, { size: "S", shape: "round" })).toBe(20);
  });

  it("labels the shapes with the brand", () => {
    expect(SHAPE_LABEL("classic", "Loupe")).toBe("Original");
    expect(SHAPE_LABEL("round", "Loupe")).toBe("Capote");
    expect(SHAPE_LABEL("non-brand", "Loupe")).toBe("Non-Loupe");
  });

  it("keeps the average height table of the spec", () => {
    expect(AVERAGE_HEIGHTS).toEqual([
      { size: "L", bifocal: [17, 21], multifocal: [24, 28] },
      { size: "M", bifocal: [16, 20], multifocal: [23, 27] },
      { size: "S", bifocal: [16, 19], multifocal: [22, 26] },
    ]);
  });

  it("turns XS into S for capote and every size into nd for non-brand", () => {
    const xs = { frame: "XS", left_arm: "XS", right_arm: "M" };
    expect(sizesForShape("round", xs)).toEqual({ frame: "S", left_arm: "S", right_arm: "M" });
    expect(sizesForShape("classic", xs)).toEqual(xs);
    expect(sizesForShape("non-brand", xs)).toEqual({ frame: "nd", left_arm: "nd", right_arm: "nd" });
    expect(sizesForShape("classic", { frame: "nd", left_arm: "nd", right_arm: "nd" })).toEqual({
      frame: null,
      left_arm: null,
      right_arm: null,
    });
  });
});
