import { describe, expect, it } from "vitest";
import { isCalendarDate, isDateOrInstant } from "./calendar-date";

describe("calendar dates", () => {
  it.each(["2020-02-29", "2026-12-31", "0001-01-01", "0099-06-15", "9999-12-31"])("%s is a day", (d) => {
    expect(isCalendarDate(d)).toBe(true);
  });
  it.each([
    "2020-02-30",
    "2021-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "0000-01-01",
    "2026-1-5",
    "26-01-05",
    "",
  ])("%j is not", (d) => {
    expect(isCalendarDate(d)).toBe(false);
  });
  it("takes a day with a time of day, not a day that does not exist or a time that cannot be read", () => {
    expect(isDateOrInstant("2026-03-01")).toBe(true);
    expect(isDateOrInstant("2026-03-01T10:15:00Z")).toBe(true);
    expect(isDateOrInstant("2026-02-30T10:15:00Z")).toBe(false);
    expect(isDateOrInstant("2026-03-01garbage")).toBe(false);
  });
});
