import { describe, expect, it } from "vitest";
import { httpsUrl, INT32_MAX, int32, int32Text, rowId, rowIdInLink, rowIdText } from "./input-rules";

describe("input rules", () => {
  it("bounds ids and integers to a PostgreSQL integer column", () => {
    expect(rowId().safeParse(INT32_MAX).success).toBe(true);
    for (const bad of [INT32_MAX + 1, 0, -1, 1.5, Number.NaN])
      expect(rowId().safeParse(bad).success).toBe(false);
    expect(int32().safeParse(-(2 ** 31)).success).toBe(true);
    expect(int32().safeParse(-(2 ** 31) - 1).success).toBe(false);
  });

  it("reads the text forms of the same from a query or a path", () => {
    expect(rowIdText().parse("42")).toBe(42);
    for (const bad of ["2147483648", "1.5", "abc", "-3", "Infinity"])
      expect(rowIdText().safeParse(bad).success).toBe(false);
    expect(int32Text().safeParse("99999999999").success).toBe(false);
  });

  it("reads a link's id only when it is a row's: digits, 1 to 2^31 - 1", () => {
    expect(rowIdInLink("42")).toBe(42);
    expect(rowIdInLink(String(INT32_MAX))).toBe(INT32_MAX);
    for (const bad of [
      "99999999999999999999",
      "2147483648",
      "-1",
      "0",
      "1.5",
      "1e3",
      "0x10",
      " 12",
      "",
      "12a",
    ])
      expect(rowIdInLink(bad), bad).toBeNull();
  });

  it("takes only https: links", () => {
    expect(httpsUrl("photo").safeParse("https://cdn.example.com/a.png").success).toBe(true);
    for (const bad of [
      "http://x.test/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "not a url",
    ]) {
      const r = httpsUrl("photo").safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe("The photo field must be an https: URL.");
    }
  });
});
