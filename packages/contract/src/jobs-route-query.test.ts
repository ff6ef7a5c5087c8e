import { cleanJobsRouteQuery, JOB_QUERY_KEYS, jobsRouteValueOk } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { jobsQuery } from "./jobs";

const clean = (q: string) => cleanJobsRouteQuery(new URLSearchParams(q)).toString();

/** Values a hand-typed or tampered address might hold, for every key. */
const VALUES = [
  " ",
  "1",
  "2",
  "3",
  "0",
  "-1",
  "1.5",
  "abc",
  "1e3",
  "0x10",
  " 12 ",
  "2147483647",
  "2147483648",
  "3,4",
  "3,,4",
  "3,a",
  ",",
  "2026-01-01",
  "2020-02-30",
  "2026-01-01T10:00:00Z",
  "2026-01-01Tnoon",
  "yesterday",
  "asc",
  "desc",
  "DESC",
  "created_at",
  "due_date",
  "balance_due",
  "owing",
  "name",
  "all",
  "job_id",
  "order_item_id",
  "everything",
  "smith",
  "a\u0000b",
  "x".repeat(50),
  "x".repeat(51),
  "x".repeat(200),
  "x".repeat(201),
];

const shape = jobsQuery.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;

describe("the jobs route query", () => {
  it("checks each key as the list endpoint's schema does, value by value (the rule is not written twice apart)", () => {
    for (const key of JOB_QUERY_KEYS)
      for (const value of VALUES)
        expect(jobsRouteValueOk(key, value), `${key}=${JSON.stringify(value)}`).toBe(
          shape[key].safeParse(value).success,
        );
  });

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
