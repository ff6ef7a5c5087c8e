import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, parseImportBoolean, parseImportDate, parseImportNumber } from "./import-values";

const today = new Date(Date.UTC(2026, 10, 29));

describe("an imported date", () => {
  it("reads day-first dates, with or without leading zeros or a time after them", () => {
    expect(parseImportDate("15/03/1958", "DD/MM/YYYY", today)).toEqual({ ok: true, value: "1958-03-15" });
    expect(parseImportDate("1/2/1940", "DD/MM/YYYY", today)).toEqual({ ok: true, value: "1940-02-01" });
    expect(parseImportDate("05/03/2021 00:00", "DD/MM/YYYY", today)).toEqual({
      ok: true,
      value: "2021-03-05",
    });
    expect(parseImportDate("03/05/2021", "MM/DD/YYYY", today)).toEqual({ ok: true, value: "2021-03-05" });
    expect(parseImportDate("05.03.2021", "DD.MM.YYYY", today)).toEqual({ ok: true, value: "2021-03-05" });
  });

  it("takes an ISO date whatever the column's format (a spreadsheet's date cells)", () => {
    expect(parseImportDate("1975-06-30", "DD/MM/YYYY", today)).toEqual({ ok: true, value: "1975-06-30" });
  });

  it("refuses days the calendar does not have: 31/02, 29/02 of a common year, month 13", () => {
    expect(parseImportDate("31/02/1970", "DD/MM/YYYY", today)).toEqual({
      ok: false,
      reason: IMPORT_MESSAGES.noSuchDay("31/02/1970"),
    });
    expect(parseImportDate("29/02/2023", "DD/MM/YYYY", today).ok).toBe(false);
    expect(parseImportDate("29/02/2024", "DD/MM/YYYY", today)).toEqual({ ok: true, value: "2024-02-29" });
    expect(parseImportDate("01/13/1985", "DD/MM/YYYY", today).ok).toBe(false);
    expect(parseImportDate("12 March 1985", "DD/MM/YYYY", today)).toEqual({
      ok: false,
      reason: IMPORT_MESSAGES.notADate("DD/MM/YYYY"),
    });
  });

  it("reads two-digit years only as DD/MM/YY: up to this year this century, above it the last", () => {
    expect(parseImportDate("15/03/58", "DD/MM/YY", today)).toEqual({ ok: true, value: "1958-03-15" });
    expect(parseImportDate("15/03/05", "DD/MM/YY", today)).toEqual({ ok: true, value: "2005-03-15" });
    expect(parseImportDate("15/03/26", "DD/MM/YY", today)).toEqual({ ok: true, value: "2026-03-15" });
    expect(parseImportDate("15/03/27", "DD/MM/YY", today)).toEqual({ ok: true, value: "1927-03-15" });
    expect(parseImportDate("15/03/58", "DD/MM/YYYY", today)).toEqual({
      ok: false,
      reason: IMPORT_MESSAGES.fourDigitYear("DD/MM/YYYY"),
    });
    expect(parseImportDate("15/03/1850", "DD/MM/YYYY", today)).toEqual({
      ok: false,
      reason: IMPORT_MESSAGES.tooOld,
    });
  });
});

describe("an imported yes/no and number", () => {
  it("reads Y/N, yes/no, true/false, 1/0 in any case and refuses the rest", () => {
    for (const y of ["Y", "yes", "TRUE", "1"])
      expect(parseImportBoolean(y)).toEqual({ ok: true, value: true });
    for (const n of ["n", "No", "false", "0"])
      expect(parseImportBoolean(n)).toEqual({ ok: true, value: false });
    expect(parseImportBoolean("maybe")).toEqual({ ok: false, reason: IMPORT_MESSAGES.notYesNo });
  });
  it("reads signed decimals and refuses words and commas", () => {
    expect(parseImportNumber("+1.25")).toEqual({ ok: true, value: 1.25 });
    expect(parseImportNumber("-0.5")).toEqual({ ok: true, value: -0.5 });
    expect(parseImportNumber("1,25").ok).toBe(false);
    expect(parseImportNumber("plano").ok).toBe(false);
  });
});
