import { describe, expect, it } from "vitest";
import {
  isBatchSelectable,
  isIrreversibleStatus,
  nextSelectableStatus,
  ORDER_ITEM_STATUSES,
  orderDisplayStatus,
  statusColour,
} from "./status-rules";

describe("status colours", () => {
  it("groups slugs exactly as the spec", () => {
    for (const slug of ["paid", "new-order"]) expect(statusColour(slug)).toBe("orange");
    for (const slug of ["received", "dispatched", "collected-by-customer", "completed", "created"])
      expect(statusColour(slug)).toBe("green");
    for (const slug of [
      "in-progress",
      "ready-to-pick",
      "lenses-ordered",
      "waiting-on-information",
      "wait-on-info",
    ])
      expect(statusColour(slug)).toBe("blue");
    for (const slug of ["ready-to-edge", "ready-to-go", "payment-due", "pending"])
      expect(statusColour(slug)).toBe("blue");
    expect(statusColour("cancelled")).toBe("neutral");
    expect(statusColour(undefined)).toBe("neutral");
  });
});

describe("status moves", () => {
  const list = [
    { id: 1, slug: "a", selectable: true },
    { id: 2, slug: "b", selectable: false },
    { id: 3, slug: "c", selectable: true },
  ];
  it("moves to the next selectable status, skipping the rest", () => {
    expect(nextSelectableStatus(list, 1)?.id).toBe(3);
    expect(nextSelectableStatus(list, 3)).toBeUndefined();
  });

  it("never lets a batch set refunded-transaction or cancelled", () => {
    const allowed = ORDER_ITEM_STATUSES.filter(isBatchSelectable).map((s) => s.slug);
    expect(allowed).not.toContain("refunded-transaction");
    expect(allowed).not.toContain("cancelled");
    expect(allowed).not.toContain("refunded");
    expect(allowed).toContain("ready-to-go");
  });

  it("shows refunded when every item is refunded, and voided stays voided", () => {
    expect(orderDisplayStatus("completed", [{ quantity: -1 }, { quantity: -1 }])).toBe("refunded");
    expect(orderDisplayStatus("completed", [{ quantity: -1 }, { quantity: 1 }])).toBe("completed");
    expect(orderDisplayStatus("voided", [{ quantity: -1 }])).toBe("voided");
    expect(orderDisplayStatus("new-order", [])).toBe("new-order");
  });

  it("asks for confirmation before a status that cannot be left again", () => {
    expect(isIrreversibleStatus("cancelled")).toBe(true);
    for (const slug of ["completed", "ready-to-go", "dispatched", undefined])
      expect(isIrreversibleStatus(slug)).toBe(false);
  });
});
