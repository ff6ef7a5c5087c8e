import { describe, expect, it } from "vitest";
import { scaledRatio, scaledTimes, scaledToDecimal, scaledToMinor, toScaled } from "./lightspeed.money";

const minor = (...values: (number | string)[]) =>
  scaledToMinor(values.reduce<bigint>((sum, v) => sum + (toScaled(v) ?? 0n), 0n));

describe("Lightspeed amounts to minor units", () => {
  it("reads decimals exactly where floats drift", () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(minor(19.99)).toBe(1999);
    expect(minor(0.1, 0.2)).toBe(30);
    expect(minor(180.90909, 18.09091)).toBe(19900);
    expect(minor("1234567.895")).toBe(123456790);
  });

  it("rounds half away from zero, once, at the end", () => {
    expect(minor(0.005)).toBe(1);
    expect(minor(-0.005)).toBe(-1);
    expect(minor(0.00499999)).toBe(0);
    // Rounded per part this would be 2 + 2 = 4 cents; added first it is 3.
    expect(minor(0.015, 0.014)).toBe(3);
  });

  it("reads exponents, signs and strings, and refuses what is not a number", () => {
    expect(toScaled(1e-7)).toBe(10n);
    expect(toScaled("2.5e2")).toBe(25000000000n);
    expect(toScaled("-3")).toBe(-300000000n);
    expect(toScaled(" 12.50 ")).toBe(1250000000n);
    for (const bad of ["", "abc", "1.2.3", "--1", Number.NaN, Number.POSITIVE_INFINITY])
      expect(toScaled(bad)).toBeNull();
  });

  it("multiplies by quantities and ratios exactly", () => {
    const unit = toScaled(19.99) ?? 0n;
    expect(scaledToDecimal(scaledTimes(unit, toScaled(3) ?? 0n))).toBe("59.97");
    expect(scaledToDecimal(scaledTimes(unit, toScaled(-1) ?? 0n))).toBe("-19.99");
    // A 10.00 discount before tax is 11.00 with 10% tax on a 100.00 price.
    expect(scaledToMinor(scaledRatio(toScaled(10) ?? 0n, toScaled(110) ?? 0n, toScaled(100) ?? 0n))).toBe(
      1100,
    );
    expect(scaledToDecimal(toScaled("0.10000") ?? 0n)).toBe("0.1");
  });
});
