import { describe, expect, it } from "vitest";
import { twilioDoneDate } from "./twilio-done-date";

describe("Twilio's RawDlrDoneDate", () => {
  it("reads YYMMDDhhmm to the minute, and nothing that is not a date of that shape", () => {
    expect(twilioDoneDate("2612012331")?.toISOString()).toBe("2026-12-01T23:31:00.000Z");
    for (const bad of [undefined, "", "261201233", "2602310000", "2612012460", "26-12-01 23:31"]) {
      expect(twilioDoneDate(bad), String(bad)).toBeNull();
    }
  });
});
