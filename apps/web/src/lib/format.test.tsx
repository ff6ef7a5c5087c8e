import { formatInstant } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";

const ZONES = [
  "Australia/Sydney",
  "Australia/Perth",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "America/Toronto",
  "Asia/Kolkata",
  "UTC",
];

describe("a timestamp to the hour reads as dayjs writes it", () => {
  it("at instants spread over years, in every outlet's zone and a few odd ones", () => {
    let seed = 31;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (let i = 0; i < 500; i++) {
      const at = new Date(from + Math.floor(random() * (to - from))).toISOString();
      for (const zone of ZONES)
        expect(formatDateTime(at, zone), `${at} ${zone}`).toBe(formatInstant(at, zone));
    }
  });

  it("hour by hour across daylight-saving changes and around midnight and noon", () => {
    for (const start of ["2026-04-04T12:00:00Z", "2026-10-03T12:00:00Z", "2026-03-08T00:00:00Z"])
      for (let h = 0; h < 48; h++)
        for (const zone of ZONES) {
          const at = new Date(Date.parse(start) + h * 1_800_000).toISOString();
          expect(formatDateTime(at, zone), `${at} ${zone}`).toBe(formatInstant(at, zone));
        }
  });

  it("leaves other shapes to dayjs: offsets, no zone, a date alone, rubbish", () => {
    for (const value of [
      "2026-11-27T09:30:00+08:00",
      "2026-11-27T09:30:00.123456Z",
      "2026-11-27T09:30:00",
      "2026-11-27",
      "not a date",
      "",
    ])
      expect(formatDateTime(value, "Australia/Perth"), value).toBe(formatInstant(value, "Australia/Perth"));
  });
});
