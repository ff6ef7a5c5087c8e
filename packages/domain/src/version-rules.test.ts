import { describe, expect, it } from "vitest";
import { formatChangeTime, versionConflictMessage } from "./version-rules";

describe("version conflict wording", () => {
  it("formats the change time in the outlet's zone, day first with a 12-hour clock", () => {
    expect(formatChangeTime("2026-11-23T04:04:00Z", "Australia/Sydney")).toBe("23rd Nov 2026, 3:04pm");
    expect(formatChangeTime("2026-11-23T04:04:00Z", "America/Toronto")).toBe("22nd Nov 2026, 11:04pm");
  });

  it("names who changed the record and when, and says to reload", () => {
    expect(
      versionConflictMessage({
        record: "prescription",
        by: "Jane Smith",
        at: "2026-11-23T04:04:00Z",
        timeZone: "Australia/Sydney",
      }),
    ).toBe(
      "This prescription was changed by Jane Smith at 23rd Nov 2026, 3:04pm. Reload to see their changes.",
    );
  });

  it("still explains itself when the author is unknown", () => {
    expect(
      versionConflictMessage({
        record: "PD",
        by: null,
        at: "2026-01-05T00:00:00Z",
        timeZone: "Australia/Sydney",
      }),
    ).toBe("This PD was changed by someone else at 5th Jan 2026, 11:00am. Reload to see their changes.");
  });
});
