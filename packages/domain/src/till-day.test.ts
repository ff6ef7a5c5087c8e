import { describe, expect, it } from "vitest";
import { zoneDayBounds } from "./dates";
import { reconcileTill } from "./till-day";

describe("the till's day", () => {
  it("is the outlet's own calendar day", () => {
    const { from, to } = zoneDayBounds("2026-11-26", "Australia/Perth");
    expect(from.toISOString()).toBe("2026-11-25T16:00:00.000Z");
    expect(to.toISOString()).toBe("2026-11-26T16:00:00.000Z");
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
