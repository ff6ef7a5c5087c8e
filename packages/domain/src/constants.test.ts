import { describe, expect, it } from "vitest";
import {
  defaultCurrencyForCountry,
  isAdmin,
  isSearchTooShort,
  navRegionId,
  SEARCH_TOO_SHORT,
  timeZoneForRegion,
} from "./constants";

describe("constants", () => {
  it("treats region 6 (and no region) as AU in the nav", () => {
    expect(navRegionId(6)).toBe(1);
    expect(navRegionId(null)).toBe(1);
    expect(navRegionId(2)).toBe(2);
    expect(navRegionId(5)).toBe(5);
  });

  it("uses Toronto time for Canada only", () => {
    expect(timeZoneForRegion(5)).toBe("America/Toronto");
    expect(timeZoneForRegion(1)).toBe("Australia/Sydney");
    expect(timeZoneForRegion(2)).toBe("Pacific/Auckland");
  });

  it("defaults the currency by country, AUD otherwise", () => {
    expect(defaultCurrencyForCountry("AU")).toBe("AUD");
    expect(defaultCurrencyForCountry("CA")).toBe("CAD");
    expect(defaultCurrencyForCountry("NZ")).toBe("NZD");
    expect(defaultCurrencyForCountry("US")).toBe("AUD");
  });

  it("needs at least 3 characters to search, but allows an empty search", () => {
    expect(isSearchTooShort("ab")).toBe(true);
    expect(isSearchTooShort(" ab ")).toBe(true);
    expect(isSearchTooShort("abc")).toBe(false);
    expect(isSearchTooShort("")).toBe(false);
    expect(SEARCH_TOO_SHORT).toBe("Please enter at least 3 characters to search.");
  });

  it("knows role 1 is admin", () => {
    expect(isAdmin({ role_id: 1 })).toBe(true);
    expect(isAdmin({ roleId: 2 })).toBe(false);
  });
});
