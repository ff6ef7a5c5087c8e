import { describe, expect, it } from "vitest";
import { REGION } from "./constants";
import {
  formatCalendarDate,
  formatInstant,
  formatInstantForRegion,
  formatMoney,
  parseCalendarDate,
  zoneDayBounds,
} from "./dates";
import { dayRangeInUtc } from "./job-list-rules";

describe("dates as staff read them", () => {
  // 23:30 UTC on 31 Jan: already 1 Feb in Sydney (UTC+11, daylight time) and Auckland (UTC+13),
  // still 31 Jan in Toronto (UTC−5).
  const nearMidnightUtc = "2026-01-31T23:30:00.000Z";

  it("shows an instant near midnight UTC on the outlet's calendar: Sydney, Auckland, Toronto", () => {
    expect(formatInstantForRegion(nearMidnightUtc, REGION.AU)).toBe("1st Feb 2026, 10am");
    expect(formatInstantForRegion(nearMidnightUtc, REGION.NZ)).toBe("1st Feb 2026, 12pm");
    expect(formatInstantForRegion(nearMidnightUtc, REGION.CA)).toBe("31st Jan 2026, 6pm");
    expect(formatInstant(nearMidnightUtc, "Australia/Sydney", "Do MMM YYYY")).toBe("1st Feb 2026");
    expect(formatInstant(nearMidnightUtc, "America/Toronto", "Do MMM YYYY")).toBe("31st Jan 2026");
  });

  it("follows daylight saving: the same UTC time is an hour apart in winter", () => {
    expect(formatInstantForRegion("2026-07-31T23:30:00.000Z", REGION.AU)).toBe("1st Aug 2026, 9am");
    expect(formatInstantForRegion("2026-07-31T23:30:00.000Z", REGION.CA)).toBe("31st Jul 2026, 7pm");
  });

  it("never shifts a calendar date (date of birth) by a zone", () => {
    expect(formatCalendarDate("1990-05-02")).toBe("02/05/1990");
    expect(formatCalendarDate("1990-05-02T00:00:00.000Z")).toBe("02/05/1990");
    expect(formatCalendarDate(null)).toBe("");
  });

  it("bounds a day in a zone the same each time asked, a DST day 23 hours long", () => {
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
  it("turns a staff member's calendar days into UTC bounds with the zone's offset that day", () => {
    expect(dayRangeInUtc("2026-02-01", "2026-02-01", "Australia/Sydney")).toEqual({
      created_start_at: "2026-01-31T13:00:00.000Z",
      created_end_at: "2026-02-01T12:59:59.999Z",
    });
    expect(dayRangeInUtc("2026-07-01", null, "America/Toronto")).toEqual({
      created_start_at: "2026-07-01T04:00:00.000Z",
    });
    // The day the clocks go forward starts at the old offset and ends at the new one (23 hours).
    expect(dayRangeInUtc("2026-10-04", "2026-10-04", "Australia/Sydney")).toEqual({
      created_start_at: "2026-10-03T14:00:00.000Z",
      created_end_at: "2026-10-04T12:59:59.999Z",
    });
  });
});

describe("money as staff read it", () => {
  // Intl puts a no-break space between a currency code and the amount.
  const money = (amount: number | string | null, currency: string) =>
    formatMoney(amount, currency).replace(/\u00a0/g, " ");
  it("formats each region's currency, never a bare dollar for another region's money", () => {
    expect(money(1234.5, "AUD")).toBe("$1,234.50");
    expect(money(1234.5, "NZD")).toBe("NZD 1,234.50");
    expect(money(1234.5, "CAD")).toBe("CAD 1,234.50");
    expect(money("89.9", "AUD")).toBe("$89.90");
    expect(money(-20, "CAD")).toBe("-CAD 20.00");
    expect(money(null, "NZD")).toBe("NZD 0.00");
  });
});

describe("a calendar date typed day first", () => {
  it.each([
    ["15/03/1985", "1985-03-15"],
    ["5/3/1985", "1985-03-05"],
    ["15-03-1985", "1985-03-15"],
    ["15.3.1985", "1985-03-15"],
    [" 15031985 ", "1985-03-15"],
    ["29/02/2024", "2024-02-29"],
    ["1985-03-15", "1985-03-15"],
    ["1985-3-5", "1985-03-05"],
  ])("reads %j as %s", (typed, iso) => {
    expect(parseCalendarDate(typed)).toBe(iso);
  });

  it.each([
    "31/02/1985",
    "29/02/2023",
    "15/13/1985",
    "00/03/1985",
    "1985-02-30",
    "03/15/85",
    "15/03",
    "yesterday",
    "",
  ])("refuses %j", (typed) => {
    expect(parseCalendarDate(typed)).toBeNull();
  });
});

describe("whenFormatter, formatWhen for many rows", () => {
  const zones = [
    "Australia/Perth",
    "Australia/Adelaide",
    "America/St_Johns",
    "Pacific/Auckland",
    "America/Toronto",
  ];
  // One test per zone and style: each is a small share of the comparisons, so no test's time grows
  // with the whole matrix on a slow machine (issue 51: it once ran out of its 60 s at 94 s).
  const cases = zones.flatMap((zone) =>
    (["time", "day", "exact"] as const).map((style) => [zone, style] as const),
  );
  it.each(cases)(
    "answers what formatWhen answers in %s (%s), across half-hour offsets and daylight saving",
    async (zone, style) => {
      const { formatWhen, whenFormatter } = await import("./dates");
      const start = Date.parse("2026-03-29T00:00:00Z"); // across the April (AU, NZ) changes
      const fast = whenFormatter(zone, style, 50);
      for (let ms = start; ms < start + 12 * 86_400_000; ms += 97 * 60_000 + 13_000) {
        const at = new Date(ms);
        expect(fast(at)).toBe(formatWhen(at, zone, style));
      }
      // Every month's name, ordinals (1st, 2nd, 3rd, 11th–13th, 21st–23rd, 31st), noon and midnight.
      for (
        let ms = Date.parse("2025-01-01T00:00:00Z");
        ms < Date.parse("2026-01-01T00:00:00Z");
        ms += 86_400_000 + 7 * 3_600_000 + 60_000
      ) {
        const at = new Date(ms);
        expect(fast(at)).toBe(formatWhen(at, zone, style));
      }
    },
  );

  it("writes nothing for no date or a bad one", async () => {
    const { whenFormatter } = await import("./dates");
    const fast = whenFormatter("Australia/Sydney");
    expect(fast(null)).toBe("");
    expect(fast("not a date")).toBe("");
    expect(fast("2026-01-31T23:30:00.000Z")).toBe("1st Feb 2026, 10am");
    const day = whenFormatter("UTC", "day");
    expect(["11", "12", "13", "21", "22", "23", "31"].map((d) => day(`2026-01-${d}T12:00:00Z`))).toEqual(
      ["11th", "12th", "13th", "21st", "22nd", "23rd", "31st"].map((d) => `${d} Jan 2026`),
    );
    expect(whenFormatter("UTC", "exact")("2026-09-02T00:05:00Z")).toBe("2nd Sep 2026, 12:05am");
  });
});
