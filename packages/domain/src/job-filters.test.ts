import { describe, expect, it } from "vitest";
import { abbreviateCount, activeFilterCount } from "./job-filters";

describe("job filters", () => {
  it("abbreviates counts", () => {
    expect(abbreviateCount(999)).toBe("999");
    expect(abbreviateCount(12345)).toBe("12.3k");
    expect(abbreviateCount(2000)).toBe("2k");
    expect(abbreviateCount(1_234_567)).toBe("1.2m");
    expect(abbreviateCount(1000, "at_least")).toBe("1k+");
    expect(abbreviateCount(12, "at_least")).toBe("12+");
  });

  it("counts location, statuses, start date and priority 2", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        outlet_id: "3,4",
        dispense_status_id: 2,
        item_dispense_status_id: "",
        created_start_at: "2026-01-01",
        priority: 1,
      }),
    ).toBe(3);
    expect(activeFilterCount({ priority: "2", outlet_id: [] })).toBe(1);
  });
});
