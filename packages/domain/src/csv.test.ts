import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine } from "./csv";

describe("CSV cells as spreadsheets read them", () => {
  it("quotes commas, quotes and line breaks the RFC 4180 way", () => {
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("turns a would-be formula into text with a leading apostrophe", () => {
    for (const f of ["=HYPERLINK(1)", "+61 400", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(f).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("writes null as empty, numbers and lists as text", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(["a", "b"])).toBe("a b");
  });

  it("ends each record with CRLF and starts a file with the UTF-8 byte-order mark", () => {
    expect(csvLine(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
