import { describe, expect, it } from "vitest";
import {
  createdAgeLabel,
  customFilterDefinition,
  dayRangeInUtc,
  FILTER_SAVED,
  isSavedSearchNameValid,
  JOBS_SEARCH_PLACEHOLDER,
  jobCustomerName,
  jobOutletFilterOutlets,
  jobSearchError,
  NO_FILTER_TO_SAVE,
  NotImplementedError,
  outletDayWindows,
  removeFilterQuestion,
  SEARCH_NOT_A_NUMBER,
  savedSearchQuery,
  togglePriority,
} from "./job-list-rules";

describe("custom filters", () => {
  it("knows the brand's GO filter (newest first) and late orders (oldest first)", () => {
    expect(customFilterDefinition("loupego", "loupe")).toEqual({
      label: "Go Orders",
      sort_by: "created_at",
      sort_direction: "desc",
    });
    expect(customFilterDefinition("late-orders", "loupe")).toMatchObject({
      label: "Late Orders",
      sort_direction: "asc",
    });
  });

  it("refuses any other custom filter as not implemented", () => {
    expect(() => customFilterDefinition("vip", "loupe")).toThrow(NotImplementedError);
    expect(() => customFilterDefinition("othergo", "loupe")).toThrow('The custom filter "othergo"');
  });
});

describe("saved searches", () => {
  it("keeps filters and drops paging, sorting, the refresh value and blanks", () => {
    expect(
      savedSearchQuery({
        priority: "2",
        outlet_id: "3,4",
        q: " ",
        page: "3",
        sort_by: "created_at",
        sort_direction: "asc",
        r: "123",
        region_id: undefined,
      }),
    ).toEqual({ priority: "2", outlet_id: "3,4" });
    expect(savedSearchQuery({ page: "1", r: "9" })).toEqual({});
  });

  it("has the spec's strings and needs a non-blank name", () => {
    expect(NO_FILTER_TO_SAVE).toBe("There is no filter to save!");
    expect(FILTER_SAVED).toBe("Filter Saved!");
    expect(removeFilterQuestion("Urgent")).toBe("Are you sure to remove filter 'Urgent'?");
    expect(isSavedSearchNameValid("  ")).toBe(false);
    expect(isSavedSearchNameValid(" a ")).toBe(true);
  });
});

describe("outlet filter", () => {
  const outlets = [
    { id: 1, name: "Surry Hills", is_active: true, region_id: 1 },
    { id: 2, name: "Brunswick", is_active: false, region_id: 1 },
    { id: 3, name: "Closed Shop", is_active: false, region_id: 1 },
    { id: 4, name: "Newtown", is_active: false, region_id: 1 },
    { id: 5, name: "Ponsonby", is_active: true, region_id: 2 },
    { id: 6, name: "Bondi", is_active: true, region_id: 1 },
  ];

  it("lists active outlets plus Brunswick and Newtown, by name", () => {
    expect(jobOutletFilterOutlets(outlets).map((o) => o.name)).toEqual([
      "Bondi",
      "Brunswick",
      "Newtown",
      "Ponsonby",
      "Surry Hills",
    ]);
  });

  it("narrows to the chosen country", () => {
    expect(jobOutletFilterOutlets(outlets, 2).map((o) => o.id)).toEqual([5]);
    expect(jobOutletFilterOutlets(outlets, null)).toHaveLength(5);
  });
});

describe("display", () => {
  it("shows the customer, or the billing name with (Guest)", () => {
    const billing = { customer_first_name: "Ana", customer_last_name: "Lee" };
    expect(
      jobCustomerName({
        customer_id: 5,
        customer: { first_name: "Jo", last_name: "Bo" },
        order_billing: billing,
      }),
    ).toBe("Jo Bo");
    expect(jobCustomerName({ customer_id: null, customer: null, order_billing: billing })).toBe(
      "Ana Lee (Guest)",
    );
  });

  it("toggles priority between 1 and 2", () => {
    expect(togglePriority(1)).toBe(2);
    expect(togglePriority(2)).toBe(1);
  });

  it("keeps the spec's search placeholder", () => {
    expect(JOBS_SEARCH_PLACEHOLDER).toBe("Search by name, phone, e-mail, or invoice number");
  });
});

describe("created-age labels", () => {
  const now = new Date("2026-11-23T03:00:00Z"); // 2pm on the 23rd in Sydney
  const tz = "Australia/Sydney";
  it("counts calendar days in the zone", () => {
    expect(createdAgeLabel("2026-11-22T14:00:00Z", now, tz)).toBe("Today"); // 1am on the 23rd
    expect(createdAgeLabel("2026-11-22T12:00:00Z", now, tz)).toBe("Yesterday"); // 11pm on the 22nd
    expect(createdAgeLabel("2026-11-20T03:00:00Z", now, tz)).toBe("3 days ago");
    expect(createdAgeLabel("2026-11-16T03:00:00Z", now, tz)).toBe("1 week ago");
    expect(createdAgeLabel("2026-11-02T03:00:00Z", now, tz)).toBe("3 weeks ago");
    expect(createdAgeLabel("2026-10-20T03:00:00Z", now, tz)).toBe("1 month ago");
    expect(createdAgeLabel("2026-05-23T03:00:00Z", now, tz)).toBe("6 months ago");
    expect(createdAgeLabel("2024-11-01T03:00:00Z", now, tz)).toBe("2 years ago");
  });

  it("uses the zone's calendar, not UTC's", () => {
    // 11pm on the 22nd in Toronto is already the 23rd in UTC.
    const torontoNow = new Date("2026-11-23T15:00:00Z"); // 10am on the 23rd in Toronto
    expect(createdAgeLabel("2026-11-23T04:00:00Z", torontoNow, "America/Toronto")).toBe("Yesterday");
  });
});

describe("online-channel day range", () => {
  it("sends the start and end of the chosen days as UTC instants", () => {
    expect(dayRangeInUtc("2026-11-01", "2026-11-30", "Australia/Sydney")).toEqual({
      created_start_at: "2026-10-31T13:00:00.000Z", // midnight, daylight time (+11)
      created_end_at: "2026-11-30T12:59:59.999Z",
    });
    expect(dayRangeInUtc("2026-07-01", null, "Australia/Sydney")).toEqual({
      created_start_at: "2026-06-30T14:00:00.000Z", // standard time (+10)
    });
    expect(dayRangeInUtc(null, "2026-01-15", "UTC")).toEqual({ created_end_at: "2026-01-15T23:59:59.999Z" });
  });
});

describe("jobs search rule", () => {
  it("needs 3 characters for free text only; an id search takes any whole number", () => {
    expect(jobSearchError("ab", "all")).toBe("Please enter at least 3 characters to search.");
    expect(jobSearchError("ab")).toBe("Please enter at least 3 characters to search.");
    expect(jobSearchError("7", "job_id")).toBeNull();
    expect(jobSearchError("42", "order_item_id")).toBeNull();
    expect(jobSearchError("4a", "job_id")).toBe(SEARCH_NOT_A_NUMBER);
    expect(jobSearchError("0", "job_id")).toBe(SEARCH_NOT_A_NUMBER);
    expect(jobSearchError("", "job_id")).toBeNull();
  });
});

describe("outletDayWindows: the Created filter's days on each outlet's clock", () => {
  const outlets = [
    { id: 1, timeZone: "Australia/Sydney" },
    { id: 2, timeZone: "Australia/Melbourne" },
    { id: 3, timeZone: "Australia/Perth" },
  ];

  it("gives each clock its own day, sharing one window between outlets whose days match", () => {
    const windows = outletDayWindows("2026-10-22", "2026-10-22", outlets);
    expect(windows).toEqual([
      { outletIds: [1, 2], from: new Date("2026-10-21T13:00:00Z"), to: new Date("2026-10-22T13:00:00Z") },
      { outletIds: [3], from: new Date("2026-10-21T16:00:00Z"), to: new Date("2026-10-22T16:00:00Z") },
    ]);
  });

  it("leaves a side open when only a start or an end day is given", () => {
    const [perth] = outletDayWindows("2026-10-22", null, [outlets[2]]);
    expect(perth).toEqual({ outletIds: [3], from: new Date("2026-10-21T16:00:00Z"), to: null });
    const [sydney] = outletDayWindows(null, "2026-10-22", [outlets[0]]);
    expect(sydney).toEqual({ outletIds: [1], from: null, to: new Date("2026-10-22T13:00:00Z") });
  });
});
