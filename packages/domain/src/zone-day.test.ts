import { describe, expect, it } from "vitest";
import { zoneDay } from "./zone-day";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe("zoneDay", () => {
  it("is the calendar day on the zone's wall clock", () => {
    // 11:30 UTC on the 25th is already the 26th in Auckland (UTC+13 in summer), still the 25th in Sydney… and Toronto.
    const at = new Date("2026-11-25T11:30:00Z");
    expect(zoneDay(at, "Pacific/Auckland")).toBe(day("2026-11-26"));
    expect(zoneDay(at, "Australia/Sydney")).toBe(day("2026-11-25"));
    expect(zoneDay(at, "America/Toronto")).toBe(day("2026-11-25"));
    expect(zoneDay(new Date("2026-11-25T04:59:00Z"), "America/Toronto")).toBe(day("2026-11-24"));
  });

  it("follows daylight saving: the minute before and after a zone's midnight", () => {
    // Toronto moves to UTC−4 on 8 March 2026: midnight of the 8th is 05:00 UTC, of the 9th 04:00 UTC.
    expect(zoneDay(new Date("2026-03-08T04:59:00Z"), "America/Toronto")).toBe(day("2026-03-07"));
    expect(zoneDay(new Date("2026-03-09T03:59:00Z"), "America/Toronto")).toBe(day("2026-03-08"));
    expect(zoneDay(new Date("2026-03-09T04:00:00Z"), "America/Toronto")).toBe(day("2026-03-09"));
  });

  it("reads years written with fewer than four digits", () => {
    expect(zoneDay(new Date("0099-06-15T12:00:00Z"), "Australia/Sydney")).toBe(
      Date.parse("0099-06-15T00:00:00Z"),
    );
  });

  it("answers each call for its own instant and zone, however calls alternate or a date is changed", () => {
    const at = new Date("2026-11-25T11:30:00Z");
    for (let i = 0; i < 2; i++) {
      expect(zoneDay(at, "Pacific/Auckland")).toBe(day("2026-11-26"));
      expect(zoneDay(at, "Australia/Sydney")).toBe(day("2026-11-25"));
    }
    at.setUTCDate(at.getUTCDate() + 1);
    expect(zoneDay(at, "Australia/Sydney")).toBe(day("2026-11-26"));
  });

  it("answers exactly inside a minute that holds the zone's midnight (local mean time, offset with seconds)", () => {
    // Sydney kept local mean time (UTC+10:04:52) until 1895: its midnight fell at 13:55:08 UTC.
    expect(zoneDay(new Date("1890-01-01T13:55:07Z"), "Australia/Sydney")).toBe(day("1890-01-01"));
    expect(zoneDay(new Date("1890-01-01T13:55:09Z"), "Australia/Sydney")).toBe(day("1890-01-02"));
    expect(zoneDay(new Date("1890-01-01T13:55:07Z"), "Australia/Sydney")).toBe(day("1890-01-01"));
  });

  it("gives every instant of a minute the same day as the minute's first, across calls", () => {
    const start = Date.parse("2026-11-25T12:59:00Z"); // 23:59 in Sydney (UTC+11 in summer)
    for (const offset of [0, 1, 30_000, 59_999]) {
      expect(zoneDay(new Date(start + offset), "Australia/Sydney")).toBe(day("2026-11-25"));
    }
    expect(zoneDay(new Date(start + 60_000), "Australia/Sydney")).toBe(day("2026-11-26"));
  });
});
