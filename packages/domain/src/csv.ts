// CSV as spreadsheet programs read it (issue 29): RFC 4180 quoting, CRLF line ends, a byte-order
// mark so Excel takes the file as UTF-8, and no cell a spreadsheet would run as a formula. Every
// export writes its cells through here (the access-log report and the list exports alike).

/** The byte-order mark that tells Excel the file is UTF-8 (without it, "Zoë" opens as "ZoÃ«"). */
export const CSV_BOM = "\uFEFF";

/**
 * One cell: RFC 4180, and a value starting with =, +, -, @, a tab or a carriage return is prefixed
 * with an apostrophe, so a spreadsheet shows it as text instead of running it as a formula
 * (OWASP "CSV injection"). Lists are joined with spaces; null and undefined are empty.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = Array.isArray(v) ? v.join(" ") : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record: its cells, comma-separated, ending in CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;
