import { describe, expect, it } from "vitest";
import { reconcileTill, zoneDayBounds } from "./till-day";

describe("the till's day", () => {
  it("is the outlet's own calendar day", () => {
    const { from, to } = zoneDayBounds("2026-11-26", "Australia/Perth");
    expect(from.toISOString()).toBe("2026-11-25T16:00:00.000Z");
    expect(to.toISOString()).toBe("2026-11-26T16:00:00.000Z");
  });
  it("answers a day asked again the same, per zone, a DST day 23 hours long", () => {
    const perth = zoneDayBounds("2026-10-04", "Australia/Perth");
    const sydney = zoneDayBounds("2026-10-04", "Australia/Sydney");
    expect(sydney.from.toISOString()).toBe("2026-10-03T14:00:00.000Z");
    expect(sydney.to.getTime() - sydney.from.getTime()).toBe(23 * 3_600_000);
    // A caller changing its dates does not change the next answer.
    sydney.from.setTime(0);
    expect(zoneDayBounds("2026-10-04", "Australia/Sydney").from.toISOString()).toBe(
      "2026-10-03T14:00:00.000Z",
    );
    expect(zoneDayBounds("2026-10-04", "Australia/Perth")).toEqual(perth);
    expect(perth.from.toISOString()).toBe("2026-10-03T16:00:00.000Z");
  });
  it("lists intents on one side only or with another amount", () => {
    expect(
      reconcileTill(
        "refund",
        [
          { reference: "pi_a", amountMinor: 500 },
          { reference: "pi_a", amountMinor: 500 },
          { reference: "pi_b", amountMinor: 300 },
        ],
        [
          { reference: "pi_a", amountMinor: 1_000 },
          { reference: "pi_b", amountMinor: 200 },
          { reference: "pi_c", amountMinor: 50 },
        ],
      ).map((d) => [d.reference, d.note]),
    ).toEqual([
      ["pi_b", "The amounts differ"],
      ["pi_c", "Only at the payment gateway"],
    ]);
  });
});
