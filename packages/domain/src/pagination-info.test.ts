import { describe, expect, it } from "vitest";
import { paginationInfo } from "./pagination-info";

describe("the pager's info text", () => {
  it("tells an exact total with thousands separators", () => {
    expect(paginationInfo(1, 15, 3000)).toBe("Showing 1 to 15 of 3,000 entries");
  });
  it("tells an estimate as about, at its precision, and a capped count as N+ (ADR 0016)", () => {
    expect(paginationInfo(1, 15, 1_000_003, "estimate")).toBe("Showing 1 to 15 of about 1M entries");
    expect(paginationInfo(16, 30, 1_234_567, "estimate")).toBe("Showing 16 to 30 of about 1.2M entries");
    expect(paginationInfo(1, 15, 1000, "at_least")).toBe("Showing 1 to 15 of 1,000+ entries");
  });
});
