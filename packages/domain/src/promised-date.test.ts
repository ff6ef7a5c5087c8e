import { describe, expect, it } from "vitest";
import {
  atRiskReasonFor,
  DEFAULT_WORKSHOP_SETTINGS,
  dayInZone,
  isJobAtRisk,
  isJobLate,
  isJobUncollected,
  type JobPromiseFacts,
  PROMISED_DATE_MESSAGES,
  promisedDate,
  promisedDateEditErrors,
  promiseKindOf,
  startOfDayInZone,
  turnaroundFor,
  uncollectedBefore,
} from "./promised-date";

const MON_FRI = [1, 2, 3, 4, 5];

describe("promisedDate: working days on the outlet's clock", () => {
  it("counts working days after the job's day, skipping the weekend", () => {
    // Thursday 5 March 2026, midday in Sydney.
    const createdAt = new Date("2026-03-05T01:00:00Z");
    const due = promisedDate({
      createdAt,
      timeZone: "Australia/Sydney",
      turnaroundDays: 3,
      workingDays: MON_FRI,
    });
    expect(due).toBe("2026-03-10"); // Fri, (Sat, Sun), Mon, Tue
  });

  it("skips public holidays", () => {
    const createdAt = new Date("2026-03-05T01:00:00Z");
    const due = promisedDate({
      createdAt,
      timeZone: "Australia/Sydney",
      turnaroundDays: 3,
      workingDays: MON_FRI,
      holidays: ["2026-03-09"],
    });
    expect(due).toBe("2026-03-11");
  });

  it("a Saturday workshop counts Saturday", () => {
    const createdAt = new Date("2026-03-05T01:00:00Z");
    expect(
      promisedDate({
        createdAt,
        timeZone: "Australia/Sydney",
        turnaroundDays: 2,
        workingDays: [1, 2, 3, 4, 5, 6],
      }),
    ).toBe("2026-03-07");
  });

  it("a zero turnaround promises today when it is a working day, else the next one", () => {
    const sunday = new Date("2026-03-08T01:00:00Z");
    expect(
      promisedDate({
        createdAt: sunday,
        timeZone: "Australia/Sydney",
        turnaroundDays: 0,
        workingDays: MON_FRI,
      }),
    ).toBe("2026-03-09");
  });

  it("Perth: a job made at 7 am Monday Perth time counts from Monday (still Sunday in UTC)", () => {
    const createdAt = new Date("2026-03-08T23:00:00Z"); // Mon 9 Mar 07:00 AWST
    expect(dayInZone(createdAt, "Australia/Perth")).toBe("2026-03-09");
    expect(
      promisedDate({ createdAt, timeZone: "Australia/Perth", turnaroundDays: 1, workingDays: MON_FRI }),
    ).toBe("2026-03-10");
    // The same instant in Vancouver is Sunday afternoon: one working day is Monday.
    expect(
      promisedDate({ createdAt, timeZone: "America/Vancouver", turnaroundDays: 1, workingDays: MON_FRI }),
    ).toBe("2026-03-09");
  });

  it("Vancouver: a job late on Friday evening is Friday there, Saturday in UTC", () => {
    const createdAt = new Date("2025-03-08T05:30:00Z"); // Fri 7 Mar 2025 21:30 PST
    expect(dayInZone(createdAt, "America/Vancouver")).toBe("2025-03-07");
    expect(
      promisedDate({ createdAt, timeZone: "America/Vancouver", turnaroundDays: 1, workingDays: MON_FRI }),
    ).toBe("2025-03-10");
  });

  it("daylight saving: the night the clocks go forward and back keeps whole days", () => {
    // Vancouver springs forward on Sun 9 Mar 2025 at 02:00; 23:30 PST Saturday is still Saturday.
    const beforeSpring = new Date("2025-03-09T07:30:00Z");
    expect(dayInZone(beforeSpring, "America/Vancouver")).toBe("2025-03-08");
    expect(
      promisedDate({
        createdAt: beforeSpring,
        timeZone: "America/Vancouver",
        turnaroundDays: 5,
        workingDays: MON_FRI,
      }),
    ).toBe("2025-03-14");
    // Vancouver falls back on Sun 2 Nov 2025: 23:30 PDT Saturday 1 Nov is Saturday.
    const beforeFall = new Date("2025-11-02T06:30:00Z");
    expect(dayInZone(beforeFall, "America/Vancouver")).toBe("2025-11-01");
    // Sydney moves forward on Sun 5 Oct 2025: 00:30 AEST that Sunday... is 5 October.
    const sydneySpring = new Date("2025-10-04T14:30:00Z");
    expect(dayInZone(sydneySpring, "Australia/Sydney")).toBe("2025-10-05");
    expect(
      promisedDate({
        createdAt: sydneySpring,
        timeZone: "Australia/Sydney",
        turnaroundDays: 1,
        workingDays: MON_FRI,
      }),
    ).toBe("2025-10-06");
  });

  it("the outlet's midnight on a daylight-saving day is the zone's, not UTC's", () => {
    expect(startOfDayInZone("2025-03-09", "America/Vancouver").toISOString()).toBe(
      "2025-03-09T08:00:00.000Z",
    );
    expect(startOfDayInZone("2025-03-10", "America/Vancouver").toISOString()).toBe(
      "2025-03-10T07:00:00.000Z",
    );
    expect(startOfDayInZone("2026-03-10", "Australia/Perth").toISOString()).toBe("2026-03-09T16:00:00.000Z");
  });
});

describe("turnaround by product kind", () => {
  it("reads an item's kind from its product", () => {
    expect(promiseKindOf({ parentTypeKey: "glasses", lensesType: "multifocal" })).toBe("multifocal");
    expect(promiseKindOf({ parentTypeKey: "glasses", lensesType: "single-vision" })).toBe("single_vision");
    expect(promiseKindOf({ parentTypeKey: "contact-lenses", lensesType: null })).toBe("contact_lenses");
    expect(promiseKindOf({ parentTypeKey: "glasses", lensesType: null })).toBe("frame_only");
  });
  it("the slowest item decides", () => {
    expect(turnaroundFor(["frame_only", "multifocal"], DEFAULT_WORKSHOP_SETTINGS)).toBe(10);
    expect(turnaroundFor([], DEFAULT_WORKSHOP_SETTINGS)).toBe(2);
  });
});

const facts = (over: Partial<JobPromiseFacts>): JobPromiseFacts => ({
  dueDate: "2026-03-10",
  statusSlug: "in-progress",
  statusSince: new Date("2026-03-01T00:00:00Z"),
  atRiskReason: null,
  timeZone: "Australia/Perth",
  readySlugs: ["ready-to-go"],
  uncollectedAfterDays: 7,
  ...over,
});

describe("late, at risk, uncollected", () => {
  it("late once the promised day has passed on the outlet's clock", () => {
    // 17:00 UTC on the 10th is already the 11th in Perth, still the 10th in Vancouver.
    const now = new Date("2026-03-10T17:00:00Z");
    expect(isJobLate(facts({}), now)).toBe(true);
    expect(isJobLate(facts({ timeZone: "America/Vancouver" }), now)).toBe(false);
  });
  it("a ready or finished job is never late", () => {
    const now = new Date("2026-04-01T00:00:00Z");
    expect(isJobLate(facts({ statusSlug: "ready-to-go" }), now)).toBe(false);
    expect(isJobLate(facts({ statusSlug: "collected-by-customer" }), now)).toBe(false);
  });
  it("at risk while being made, not once ready", () => {
    expect(isJobAtRisk(facts({ atRiskReason: "ETA later" }))).toBe(true);
    expect(isJobAtRisk(facts({ atRiskReason: "ETA later", statusSlug: "ready-to-go" }))).toBe(false);
  });
  it("uncollected after more than N of the outlet's days on the shelf", () => {
    const ready = facts({ statusSlug: "ready-to-go", statusSince: new Date("2026-03-01T16:30:00Z") }); // 2 Mar in Perth
    expect(isJobUncollected(ready, new Date("2026-03-09T12:00:00Z"))).toBe(false); // 9 Mar: 7 days
    expect(isJobUncollected(ready, new Date("2026-03-09T16:30:00Z"))).toBe(true); // 10 Mar Perth: 8 days
    expect(isJobUncollected({ ...ready, statusSlug: "in-progress" }, new Date("2026-04-01T00:00:00Z"))).toBe(
      false,
    );
  });
  it("the uncollected cutoff is the outlet's midnight N days ago", () => {
    const cut = uncollectedBefore(new Date("2026-03-09T16:30:00Z"), "Australia/Perth", 7);
    expect(cut.toISOString()).toBe("2026-03-02T16:00:00.000Z"); // start of 3 Mar in Perth
  });
  it("an ETA after the promise says why", () => {
    expect(atRiskReasonFor("2026-03-12", "2026-03-10")).toBe(
      "Lens order ETA 2026-03-12 is 2 days after the promised date 2026-03-10",
    );
    expect(atRiskReasonFor("2026-03-10", "2026-03-10")).toBeNull();
    expect(atRiskReasonFor(null, "2026-03-10")).toBeNull();
  });
});

describe("the promised-date edit", () => {
  const base = {
    dueDate: "2026-03-12",
    reason: "Lab delay",
    orderDay: "2026-03-01",
    currentDueDate: "2026-03-10",
  };
  it("accepts a later day with a reason", () => {
    expect(promisedDateEditErrors(base)).toBeNull();
  });
  it("requires a reason and a real day not before the job", () => {
    expect(promisedDateEditErrors({ ...base, reason: "  " })).toEqual({
      reason: [PROMISED_DATE_MESSAGES.reasonRequired],
    });
    expect(promisedDateEditErrors({ ...base, dueDate: "2026-02-30" })?.due_date).toEqual([
      PROMISED_DATE_MESSAGES.dateInvalid,
    ]);
    expect(promisedDateEditErrors({ ...base, dueDate: "2026-02-28" })?.due_date).toEqual([
      PROMISED_DATE_MESSAGES.beforeOrder,
    ]);
    expect(promisedDateEditErrors({ ...base, dueDate: "2026-03-10" })?.due_date).toEqual([
      PROMISED_DATE_MESSAGES.unchanged,
    ]);
  });
});
