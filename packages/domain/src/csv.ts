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
  if (v instanceof KeptText) return keptTextCell(v.text);
  let s = Array.isArray(v) ? v.join(" ") : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record: its cells, comma-separated, ending in CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/** A value a spreadsheet must show exactly as typed; see `keptText`. */
export class KeptText {
  constructor(readonly text: string) {}
}

/**
 * A phone number for a CSV cell, kept as typed (issue 52, ADR 0051). Opened as it is, a spreadsheet
 * reads `0412555019` as the number 412555019 (the zero lost), a space-grouped `0412 555 019` as a
 * number where a space groups thousands, and `+61 412 555 019` as a formula. The cell is written as
 * the formula `="0412 555 019"`, which Excel, Google Sheets and LibreOffice Calc all evaluate to that
 * text. It cannot carry an injection: only phone characters (digits, spaces, + ( ) - .) ever go
 * inside the quotes; anything else is written as a plain cell with `csvCell`'s guard.
 */
export const keptText = (v: string | null | undefined) => (v == null ? null : new KeptText(v));

const PHONE_CHARACTERS = /^\+?[\d (][\d ()\-.]*$/;

function keptTextCell(text: string): string {
  const s = text.trim();
  if (!s) return "";
  if (!PHONE_CHARACTERS.test(s) || !/\d/.test(s)) return csvCell(s);
  // RFC 4180: the cell's own quotes doubled inside a quoted field.
  return `"=""${s}"""`;
}

/**
 * A CSV file's records (RFC 4180, as spreadsheets save it): quoted cells with doubled quotes and
 * line breaks inside, CRLF or LF line ends, a leading byte-order mark dropped. The catalogue
 * import reads with it.
 */
export function parseCsv(text: string): string[][] {
  const s = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") {
      quoted = true;
    } else if (ch === ",") endCell();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      endCell();
      records.push(record);
      record = [];
    } else cell += ch;
  }
  if (cell !== "" || record.length) {
    endCell();
    records.push(record);
  }
  return records;
}
