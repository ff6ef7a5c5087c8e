// How an imported file's cells are read (issue 46): dates in the format staff named for the column
// (day-first by default), yes/no cells, numbers. Every refusal is a sentence a person can act on
// when reading the dry-run report; the same messages are shown on the mapping screen's preview.

import type { ImportDateFormat } from "./import-fields";
import { messages } from "./messages";

export const IMPORT_MESSAGES = {
  required: (label: string) => messages.required(label),
  notADate: (format: string) => `Not a date written as ${format}.`,
  noSuchDay: (value: string) => `${value} is not a day of the calendar.`,
  fourDigitYear: (format: string) =>
    `The year has two digits: the column is read as ${format} (choose DD/MM/YY for two-digit years).`,
  tooOld: "The date is before 1900.",
  notANumber: "Not a number (use digits, with a point for decimals).",
  notYesNo: "Not yes or no (Y, N, yes, no, true, false, 1 or 0).",
  notInValueMap: (label: string) => `This value is not in the value map for ${label}: add it to the map.`,
  unknownCode: (label: string, codes: string) => `Not a code for ${label} (one of: ${codes}).`,
  unknownParent: (parent: string, sourceId: string) =>
    `No ${parent} with source id "${sourceId}" has been imported from this system yet: import it first.`,
  duplicateInFile: (line: number) =>
    `This source id is already on line ${line} of the file: only that row is imported.`,
  alreadyImported: "Already imported from this system (same source id).",
  unreadableRow: "The row could not be read (an unclosed quote?).",
} as const;

export type ImportRead<T> = { ok: true; value: T } | { ok: false; reason: string };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Day, month and year as written by each format (Y2 = a two-digit year). */
const PATTERNS: Record<ImportDateFormat, { re: RegExp; order: ("D" | "M" | "Y")[]; twoDigitYear: boolean }> =
  {
    "DD/MM/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/, order: ["D", "M", "Y"], twoDigitYear: false },
    "DD-MM-YYYY": { re: /^(\d{1,2})-(\d{1,2})-(\d{2,4})$/, order: ["D", "M", "Y"], twoDigitYear: false },
    "DD.MM.YYYY": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2,4})$/, order: ["D", "M", "Y"], twoDigitYear: false },
    "DD/MM/YY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/, order: ["D", "M", "Y"], twoDigitYear: true },
    "YYYY-MM-DD": { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ["Y", "M", "D"], twoDigitYear: false },
    "MM/DD/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/, order: ["M", "D", "Y"], twoDigitYear: false },
    "YYYY/MM/DD": { re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: ["Y", "M", "D"], twoDigitYear: false },
  };

/** A time after the date ("05/03/2021 00:00", "2021-03-05T00:00:00Z") is dropped: exports often add one. */
const TIME_TAIL = /[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?( ?[AaPp][Mm])?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date cell as YYYY-MM-DD. ISO dates (YYYY-MM-DD, as a spreadsheet's date cells are read) are
 * taken whatever the format, since a four-digit first part cannot be a day. A two-digit year is
 * read only under DD/MM/YY: up to this year's two digits it is this century, above it the last
 * (a birth year "58" is 1958, "05" is 2005). 31/02 and 29/02 of a common year are refused.
 */
export function parseImportDate(
  raw: string,
  format: ImportDateFormat,
  today = new Date(),
): ImportRead<string> {
  const value = raw.trim().replace(TIME_TAIL, "");
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const pattern = PATTERNS[format];
  let y: number;
  let m: number;
  let d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const match = pattern.re.exec(value);
    if (!match) return { ok: false, reason: IMPORT_MESSAGES.notADate(format) };
    const parts: Record<string, string> = {};
    pattern.order.forEach((p, i) => {
      parts[p] = match[i + 1];
    });
    d = Number(parts.D);
    m = Number(parts.M);
    if (parts.Y.length === 2) {
      if (!pattern.twoDigitYear) return { ok: false, reason: IMPORT_MESSAGES.fourDigitYear(format) };
      const yy = Number(parts.Y);
      const thisYY = today.getUTCFullYear() % 100;
      const century = Math.floor(today.getUTCFullYear() / 100) * 100;
      y = yy <= thisYY ? century + yy : century - 100 + yy;
    } else if (parts.Y.length === 4) y = Number(parts.Y);
    else return { ok: false, reason: IMPORT_MESSAGES.notADate(format) };
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || d < 1 || date.getUTCDate() !== d || date.getUTCMonth() !== m - 1)
    return { ok: false, reason: IMPORT_MESSAGES.noSuchDay(raw.trim()) };
  if (y < 1900) return { ok: false, reason: IMPORT_MESSAGES.tooOld };
  return { ok: true, value: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
}

const YES = new Set(["y", "yes", "true", "1", "t"]);
const NO = new Set(["n", "no", "false", "0", "f"]);

export function parseImportBoolean(raw: string): ImportRead<boolean> {
  const v = raw.trim().toLowerCase();
  if (YES.has(v)) return { ok: true, value: true };
  if (NO.has(v)) return { ok: true, value: false };
  return { ok: false, reason: IMPORT_MESSAGES.notYesNo };
}

/** A number as exports write it: an optional sign, digits, a decimal point ("+1.25", "-0.5", "62"). */
export function parseImportNumber(raw: string): ImportRead<number> {
  const v = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v)) return { ok: false, reason: IMPORT_MESSAGES.notANumber };
  return { ok: true, value: Number(v) };
}
