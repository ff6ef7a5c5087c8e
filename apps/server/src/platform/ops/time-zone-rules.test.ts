import { describe, expect, it } from "vitest";
import { isOlderTzVersion, MINIMUM_TZ_VERSION, timeZoneRulesProblem } from "./time-zone-rules";

describe("the time-zone rules the server starts on", () => {
  it("refuses Node 20's 2025c rules with a plain message naming both versions", () => {
    const problem = timeZoneRulesProblem("2025c", "v20.20.2");
    expect(problem).toContain("Loupe will not start");
    expect(problem).toContain("Node v20.20.2 has time-zone rules 2025c");
    expect(problem).toContain(`needs ${MINIMUM_TZ_VERSION} or newer`);
    expect(problem).toContain("npm start");
  });

  it("refuses rules with British Columbia's change but not Alberta's or Manitoba's (2026b, 2026c)", () => {
    expect(timeZoneRulesProblem("2026b", "v24.19.0")).not.toBeNull();
    expect(timeZoneRulesProblem("2026c", "v24.21.0")).not.toBeNull();
  });

  it("starts on the minimum and on anything newer, a later year or a later letter", () => {
    expect(timeZoneRulesProblem(MINIMUM_TZ_VERSION, "v24.22.3")).toBeNull();
    expect(timeZoneRulesProblem("2026f", "v24.30.0")).toBeNull();
    expect(timeZoneRulesProblem("2027a", "v26.0.0")).toBeNull();
  });

  it("refuses a Node that reports no rules version, or one it cannot read", () => {
    expect(timeZoneRulesProblem(undefined, "v24.0.0")).toContain("no time-zone rules version");
    expect(timeZoneRulesProblem("unknown", "v24.0.0")).not.toBeNull();
  });

  it("orders releases by year, then letter, with two letters after z", () => {
    expect(isOlderTzVersion("2025z", "2026a")).toBe(true);
    expect(isOlderTzVersion("2026e", "2026c")).toBe(false);
    expect(isOlderTzVersion("2026z", "2026za")).toBe(true);
    expect(isOlderTzVersion("2026e", "2026e")).toBe(false);
    expect(isOlderTzVersion("26e", "2026e")).toBeNull();
  });
});
