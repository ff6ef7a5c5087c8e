import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, keptText } from "./csv";

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

describe("phone numbers kept as typed (issue 52)", () => {
  it("writes a mobile as the text formula every spreadsheet keeps: leading zero, spaces and + intact", () => {
    expect(csvLine([keptText("0412 555 019")])).toBe('"=""0412 555 019"""\r\n');
    expect(csvCell(keptText("+61 412 555 019"))).toBe('"=""+61 412 555 019"""');
    expect(csvCell(keptText("(09) 555-0199"))).toBe('"=""(09) 555-0199"""');
    expect(csvCell(keptText(null))).toBe("");
  });

  it("never puts anything but phone characters inside the formula: the rest gets the injection guard", () => {
    for (const evil of [
      '0412" & HYPERLINK("http://x.test") & "',
      "=1+1",
      "+61 412;=cmd|' /C calc'!A0",
      "0412\r\n=1",
    ]) {
      const cell = csvCell(keptText(evil));
      expect(cell.startsWith('"=')).toBe(false);
      expect(cell.replace(/^"/, "").startsWith("'") || !/^[=+\-@]/.test(evil)).toBe(true);
    }
    expect(csvCell(keptText("rae@example.com"))).toBe("rae@example.com");
  });
});
