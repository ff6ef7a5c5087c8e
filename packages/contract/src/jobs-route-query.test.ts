import { describe, expect, it } from "vitest";
import { cleanJobsRouteQuery } from "./jobs";

const clean = (q: string) => cleanJobsRouteQuery(new URLSearchParams(q)).toString();

describe("the jobs route query", () => {
  it("drops bad and unknown values, so they fall back to their defaults", () => {
    expect(clean("page=abc")).toBe("");
    expect(clean("page=0&sort_direction=sideways&sort_by=name&priority=7")).toBe("");
    expect(clean("region_id=x&outlet_id=3,a&created_start_at=yesterday&dispense_status_id=-1")).toBe("");
    expect(clean("search_type=everything&foo=bar&q=ab")).toBe("");
  });

  it("keeps what the list accepts", () => {
    expect(clean("page=3&sort_by=created_at&sort_direction=asc&q=smith&region_id=2")).toBe(
      "region_id=2&q=smith&page=3&sort_by=created_at&sort_direction=asc",
    );
    expect(clean("outlet_id=3&outlet_id=4&priority=2&created_start_at=2026-01-01")).toBe(
      "outlet_id=3%2C4&created_start_at=2026-01-01&priority=2",
    );
    // An id search of any length; the not-implemented custom filter stays to show its error.
    expect(clean("q=7&search_type=job_id&customFilter=vip")).toBe("q=7&search_type=job_id&customFilter=vip");
  });
});
