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

describe("empty lists say what narrows them", () => {
  it("names the search and each filter", async () => {
    const { emptyListText, jobFilterNames } = await import("./pagination-info");
    expect(emptyListText("jobs")).toBe("No jobs yet.");
    expect(emptyListText("jobs", { search: " smith " })).toBe("No jobs match “smith”.");
    expect(emptyListText("jobs", { filters: ["Location"] })).toBe("No jobs with Location filter on.");
    expect(
      emptyListText("jobs", {
        search: "PAR-1",
        filters: jobFilterNames({
          outlet_id: "3",
          created_start_at: "2026-01-01",
          created_end_at: "x",
          priority: "2",
        }),
      }),
    ).toBe("No jobs match “PAR-1” with Location, Created and Urgent filters on.");
    expect(jobFilterNames({ customFilter: "late-orders", priority: "1" })).toEqual(["late orders"]);
  });
});
