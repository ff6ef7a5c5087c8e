import { ALL_OUTLET_TIME_ZONES, dayInZone, formatWhen, wallClockText, whenFormatter } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { REGIONS } from "../../seed/reference-data";

// What an up-to-date browser shows for each zone an outlet may have (tzdata 2026e, ADR 0050), as UTC
// offsets in minutes at two instants: a southern summer's day and a northern one. Written here by
// hand, not read from the runtime, so a server on older rules fails instead of agreeing with itself.
// British Columbia, Alberta and Manitoba keep daylight time all year from November 2026.
const DECEMBER = "2026-12-15T20:00:00Z";
const JULY = "2026-07-15T20:00:00Z";
const EXPECTED_OFFSETS: Record<string, [december: number, july: number]> = {
  "Australia/Perth": [480, 480],
  "Australia/Eucla": [525, 525],
  "Australia/Darwin": [570, 570],
  "Australia/Adelaide": [630, 570],
  "Australia/Broken_Hill": [630, 570],
  "Australia/Brisbane": [600, 600],
  "Australia/Lindeman": [600, 600],
  "Australia/Sydney": [660, 600],
  "Australia/Melbourne": [660, 600],
  "Australia/Hobart": [660, 600],
  "Australia/Lord_Howe": [660, 630],
  "Pacific/Auckland": [780, 720],
  "Pacific/Chatham": [825, 765],
  "America/Vancouver": [-420, -420],
  "America/Edmonton": [-360, -360],
  "America/Dawson_Creek": [-420, -420],
  "America/Whitehorse": [-420, -420],
  "America/Regina": [-360, -360],
  "America/Winnipeg": [-300, -300],
  "America/Toronto": [-300, -240],
  "America/Halifax": [-240, -180],
  "America/St_Johns": [-210, -150],
};

/** The wall clock `offset` minutes from UTC, written in the exact style without asking the runtime's zone rules. */
function expectedText(instant: string, offset: number): string {
  const wall = new Date(Date.parse(instant) + offset * 60_000);
  return wallClockText(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    },
    "exact",
  );
}

describe("times the server writes in each outlet zone", () => {
  it("has an expectation for every zone an outlet or region may have", () => {
    const zones = new Set([...ALL_OUTLET_TIME_ZONES, ...REGIONS.map((r) => r.timezone)]);
    expect([...zones].filter((z) => !(z in EXPECTED_OFFSETS))).toEqual([]);
  });

  it("writes Vancouver on 15 December 2026 at UTC-7, as the browser does", () => {
    expect(formatWhen("2026-12-15T20:00:00Z", "America/Vancouver", "exact")).toBe("15th Dec 2026, 1:00pm");
    expect(formatWhen("2026-12-15T20:00:00Z", "America/Edmonton", "exact")).toBe("15th Dec 2026, 2:00pm");
  });

  for (const [zone, offsets] of Object.entries(EXPECTED_OFFSETS)) {
    it(`writes ${zone} on the up-to-date clock: receipts and prints, exports and the outlet's day`, () => {
      const exportCell = whenFormatter(zone, "exact");
      [DECEMBER, JULY].forEach((instant, i) => {
        const text = expectedText(instant, offsets[i]);
        expect(formatWhen(instant, zone, "exact", { zone: true }).startsWith(`${text} `)).toBe(true);
        expect(exportCell(instant)).toBe(text);
        const wallDay = new Date(Date.parse(instant) + offsets[i] * 60_000).toISOString().slice(0, 10);
        expect(dayInZone(new Date(instant), zone)).toBe(wallDay);
      });
    });
  }
});
