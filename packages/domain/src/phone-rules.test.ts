import { describe, expect, it } from "vitest";
import { isValidSmsNumber, type SmsCountry, toSmsNumber } from "./phone-rules";

describe("SMS numbers", () => {
  const table: [string, SmsCountry, string | null][] = [
    // Australian mobiles, however they are written
    ["0412 345 678", "AU", "+61412345678"],
    ["0412345678", "AU", "+61412345678"],
    ["+61 412 345 678", "AU", "+61412345678"],
    ["+61 (0)412 345 678", "AU", "+61412345678"],
    ["(04) 1234-5678", "AU", "+61412345678"],
    // a digit missing or extra, a landline, nonsense
    ["0412 345 67", "AU", null],
    ["0412 345 6789", "AU", null],
    ["02 9876 5432", "AU", null],
    ["(02) 9555 1234", "AU", null],
    ["abc", "AU", null],
    ["", "AU", null],
    // New Zealand: mobiles yes, an Auckland landline no
    ["021 123 4567", "NZ", "+64211234567"],
    ["+64 21 123 4567", "NZ", "+64211234567"],
    ["09 123 4567", "NZ", null],
    // Canada: North American numbers do not tell mobiles from landlines, so a valid one is accepted
    ["1-416-555-0199", "CA", "+14165550199"],
    ["416-555-0199", "CA", "+14165550199"],
    ["(416) 555 0199", "CA", "+14165550199"],
    ["416-555-019", "CA", null],
    // a number from another of our countries keeps its own code; a foreign one is refused
    ["+1 416 555 0199", "AU", "+14165550199"],
    ["+64 21 123 4567", "AU", "+64211234567"],
    ["+44 7700 900123", "AU", null],
  ];
  it.each(table)("%s in %s → %s", (raw, country, e164) => {
    expect(toSmsNumber(raw, country)).toBe(e164);
  });

  it("without an outlet country, accepts a mobile of any of our countries", () => {
    expect(isValidSmsNumber("0412 345 678")).toBe(true);
    expect(isValidSmsNumber("021 123 4567")).toBe(true);
    expect(isValidSmsNumber("0412 345 67")).toBe(false);
    // An Australian landline is a valid New Zealand mobile (02x): only the outlet's country tells.
    expect(isValidSmsNumber("02 9876 5432", "AU")).toBe(false);
  });
});

describe("outlet phone numbers", () => {
  it("accepts landlines of each country's plan and refuses a digit short or another country", async () => {
    const { isValidPhoneNumber } = await import("./phone-rules");
    expect(isValidPhoneNumber("+61 8 9335 6128", "AU")).toBe(true);
    expect(isValidPhoneNumber("+64 9 376 4150", "NZ")).toBe(true);
    expect(isValidPhoneNumber("+1 780 433 2716", "CA")).toBe(true);
    // The old demo's numbers: a digit short.
    expect(isValidPhoneNumber("+61 2 9109 001", "AU")).toBe(false);
    expect(isValidPhoneNumber("+1 780 433 2716", "AU")).toBe(false);
  });
});
