import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatWhen, zoneAbbreviation } from "./dates";
import {
  ALL_OUTLET_TIME_ZONES,
  isOutletTimeZone,
  OUTLET_TIME_ZONES,
  outletTimeZone,
  timeZoneForState,
} from "./outlet-time-zones";
import { formatChangeTime } from "./version-rules";

// One summer instant for the south (1 Dec 2025 07:29 UTC, a Perth sale at 3:29 pm) and one
// winter one (1 Jul 2025 07:29 UTC), across every state and province the demo's outlets are in.
// Past instants on purpose: the zone rules come with the runtime's tz database, and a newer one may
// change a future offset (Node 24's tzdata 2026c puts Vancouver and Edmonton on permanent daylight
// time from late 2026; Node 20's 2025c does not). The formatter follows whichever the server has.
const DECEMBER = "2025-12-01T07:29:00Z";
const JULY = "2025-07-01T07:29:00Z";

const DEMO_OUTLET_PLACES: [
  city: string,
  country: string,
  state: string,
  zone: string,
  december: string,
  july: string,
][] = [
  ["Sydney", "AU", "NSW", "Australia/Sydney", "1st Dec 2025, 6:29pm AEDT", "1st Jul 2025, 5:29pm AEST"],
  ["Canberra", "AU", "ACT", "Australia/Sydney", "1st Dec 2025, 6:29pm AEDT", "1st Jul 2025, 5:29pm AEST"],
  ["Melbourne", "AU", "VIC", "Australia/Melbourne", "1st Dec 2025, 6:29pm AEDT", "1st Jul 2025, 5:29pm AEST"],
  ["Hobart", "AU", "TAS", "Australia/Hobart", "1st Dec 2025, 6:29pm AEDT", "1st Jul 2025, 5:29pm AEST"],
  // Queensland keeps no daylight saving: an hour behind Sydney in summer, level in winter.
  ["Brisbane", "AU", "QLD", "Australia/Brisbane", "1st Dec 2025, 5:29pm AEST", "1st Jul 2025, 5:29pm AEST"],
  ["Adelaide", "AU", "SA", "Australia/Adelaide", "1st Dec 2025, 5:59pm ACDT", "1st Jul 2025, 4:59pm ACST"],
  ["Perth", "AU", "WA", "Australia/Perth", "1st Dec 2025, 3:29pm AWST", "1st Jul 2025, 3:29pm AWST"],
  ["Auckland", "NZ", "AUK", "Pacific/Auckland", "1st Dec 2025, 8:29pm NZDT", "1st Jul 2025, 7:29pm NZST"],
  ["Christchurch", "NZ", "CAN", "Pacific/Auckland", "1st Dec 2025, 8:29pm NZDT", "1st Jul 2025, 7:29pm NZST"],
  ["Toronto", "CA", "ON", "America/Toronto", "1st Dec 2025, 2:29am EST", "1st Jul 2025, 3:29am EDT"],
  ["Montreal", "CA", "QC", "America/Toronto", "1st Dec 2025, 2:29am EST", "1st Jul 2025, 3:29am EDT"],
  ["Halifax", "CA", "NS", "America/Halifax", "1st Dec 2025, 3:29am AST", "1st Jul 2025, 4:29am ADT"],
  ["Calgary", "CA", "AB", "America/Edmonton", "1st Dec 2025, 12:29am MST", "1st Jul 2025, 1:29am MDT"],
  ["Edmonton", "CA", "AB", "America/Edmonton", "1st Dec 2025, 12:29am MST", "1st Jul 2025, 1:29am MDT"],
  // Vancouver's 7:29 UTC is still the evening before.
  ["Vancouver", "CA", "BC", "America/Vancouver", "30th Nov 2025, 11:29pm PST", "1st Jul 2025, 12:29am PDT"],
];

describe("every demo outlet on its own clock", () => {
  it.each(DEMO_OUTLET_PLACES)("%s (%s %s) keeps %s", (_city, country, state, zone, december, july) => {
    expect(timeZoneForState(country, state)).toBe(zone);
    expect(isOutletTimeZone(zone, country)).toBe(true);
    expect(formatWhen(DECEMBER, zone, "exact", { zone: true })).toBe(december);
    expect(formatWhen(JULY, zone, "exact", { zone: true })).toBe(july);
  });

  it("writes the three styles of the one family: a day, to the hour, to the minute", () => {
    expect(formatWhen(DECEMBER, "Australia/Perth", "day")).toBe("1st Dec 2025");
    expect(formatWhen(DECEMBER, "Australia/Perth", "time")).toBe("1st Dec 2025, 3pm");
    expect(formatWhen(DECEMBER, "Australia/Perth")).toBe("1st Dec 2025, 3pm");
    expect(formatWhen(DECEMBER, "Australia/Perth", "exact")).toBe("1st Dec 2025, 3:29pm");
    expect(formatWhen(null, "Australia/Perth")).toBe("");
    expect(formatWhen("not a date", "Australia/Perth")).toBe("");
  });

  it("puts a Perth sale on Perth's day, not Sydney's, near midnight", () => {
    // 15:30 UTC is 11:30 pm in Perth and already 2:30 am the next day in Sydney.
    expect(formatWhen("2026-12-01T15:30:00Z", "Australia/Perth", "day")).toBe("1st Dec 2026");
    expect(formatWhen("2026-12-01T15:30:00Z", "Australia/Sydney", "day")).toBe("2nd Dec 2026");
  });

  it("writes a calendar date (date of birth, expiry) in the day style, never shifted", () => {
    expect(formatCalendarDay("1990-05-02")).toBe("2nd May 1990");
    expect(formatCalendarDay("1990-05-02T00:00:00.000Z")).toBe("2nd May 1990");
    expect(formatCalendarDay(null)).toBe("");
  });

  it("words a lost edit's time in the same style", () => {
    expect(formatChangeTime("2026-11-23T04:04:00Z", "Australia/Perth")).toBe("23rd Nov 2026, 12:04pm");
  });
});

describe("daylight-saving changes on the outlets' clocks", () => {
  it("Sydney springs forward at 2am on 4th Oct 2026: 1:59am AEST is followed by 3:00am AEDT", () => {
    expect(formatWhen("2026-10-03T15:59:00Z", "Australia/Sydney", "exact", { zone: true })).toBe(
      "4th Oct 2026, 1:59am AEST",
    );
    expect(formatWhen("2026-10-03T16:00:00Z", "Australia/Sydney", "exact", { zone: true })).toBe(
      "4th Oct 2026, 3:00am AEDT",
    );
  });

  it("Adelaide falls back at 3am on 5th Apr 2026: 2:00am to 2:59am happens twice", () => {
    expect(formatWhen("2026-04-04T15:59:00Z", "Australia/Adelaide", "exact", { zone: true })).toBe(
      "5th Apr 2026, 2:29am ACDT",
    );
    expect(formatWhen("2026-04-04T16:30:00Z", "Australia/Adelaide", "exact", { zone: true })).toBe(
      "5th Apr 2026, 2:00am ACST",
    );
  });

  it("Perth and Brisbane never change", () => {
    for (const at of ["2026-04-04T16:30:00Z", "2026-10-03T16:00:00Z"]) {
      expect(zoneAbbreviation(at, "Australia/Perth")).toBe("AWST");
      expect(zoneAbbreviation(at, "Australia/Brisbane")).toBe("AEST");
    }
  });

  it("New Zealand springs forward on 27th Sep 2026", () => {
    expect(formatWhen("2026-09-26T13:59:00Z", "Pacific/Auckland", "exact", { zone: true })).toBe(
      "27th Sep 2026, 1:59am NZST",
    );
    expect(formatWhen("2026-09-26T14:00:00Z", "Pacific/Auckland", "exact", { zone: true })).toBe(
      "27th Sep 2026, 3:00am NZDT",
    );
  });

  it("Edmonton springs forward on 8th Mar 2026 and Toronto falls back on 1st Nov 2026", () => {
    expect(formatWhen("2026-03-08T08:59:00Z", "America/Edmonton", "exact", { zone: true })).toBe(
      "8th Mar 2026, 1:59am MST",
    );
    expect(formatWhen("2026-03-08T09:00:00Z", "America/Edmonton", "exact", { zone: true })).toBe(
      "8th Mar 2026, 3:00am MDT",
    );
    expect(formatWhen("2026-11-01T05:30:00Z", "America/Toronto", "exact", { zone: true })).toBe(
      "1st Nov 2026, 1:30am EDT",
    );
    expect(formatWhen("2026-11-01T06:30:00Z", "America/Toronto", "exact", { zone: true })).toBe(
      "1st Nov 2026, 1:30am EST",
    );
  });
});

describe("which zones an outlet may keep", () => {
  it("refuses another country's zone and a misspelt one", () => {
    expect(isOutletTimeZone("Australia/Perth", "AU")).toBe(true);
    expect(isOutletTimeZone("America/Toronto", "AU")).toBe(false);
    expect(isOutletTimeZone("Australia/Pert", "AU")).toBe(false);
    expect(isOutletTimeZone("Pacific/Chatham", "NZ")).toBe(true);
  });

  it("lists only zones the runtime knows", () => {
    for (const zone of ALL_OUTLET_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat("en-AU", { timeZone: zone })).not.toThrow();
    }
    expect(OUTLET_TIME_ZONES.AU.length).toBeGreaterThan(5);
  });

  it("falls back to the region's zone when the outlet's is not known yet", () => {
    expect(outletTimeZone({ time_zone: "Australia/Perth", region_id: 1 })).toBe("Australia/Perth");
    expect(outletTimeZone({ region_id: 5 })).toBe("America/Toronto");
    expect(outletTimeZone(null, 2)).toBe("Pacific/Auckland");
  });
});
