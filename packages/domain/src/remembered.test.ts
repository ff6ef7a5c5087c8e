import { describe, expect, it } from "vitest";
import { remembered } from "./remembered";

describe("remembered", () => {
  it("computes once per key, and forgets everything once the limit is reached", () => {
    const asked: number[] = [];
    const double = remembered(
      (n: number) => {
        asked.push(n);
        return n * 2;
      },
      { limit: 2 },
    );
    expect([double(1), double(1), double(2), double(2)]).toEqual([2, 2, 4, 4]);
    expect(asked).toEqual([1, 2]);
    // A third key: the two kept answers go, so 1 is worked out again.
    expect([double(3), double(1)]).toEqual([6, 2]);
    expect(asked).toEqual([1, 2, 3, 1]);
  });

  it("keys by what the key function says, and keeps an undefined answer too", () => {
    let calls = 0;
    const joined = remembered(
      (a: string, b: string) => {
        calls++;
        return a === "none" ? undefined : `${a}/${b}`;
      },
      { limit: 10, key: (a, b) => `${a} ${b}` },
    );
    expect(joined("x", "y")).toBe("x/y");
    expect(joined("x", "z")).toBe("x/z");
    expect(joined("none", "y")).toBeUndefined();
    expect(joined("none", "y")).toBeUndefined();
    expect(calls).toBe(3);
  });
});
