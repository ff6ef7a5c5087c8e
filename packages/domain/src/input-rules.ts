import { z } from "zod";
import { isCalendarDate } from "./calendar-date";
import { INT32_MAX, INT32_MIN } from "./column-limits";

// The limits of column-limits.ts as schemas. Numbers are bounded here; NUL is refused once for
// every string of every call, by the server's binder.
export { containsNul, INT32_MAX, INT32_MIN, NUL_MESSAGE } from "./column-limits";

/** An integer that fits an `integer` column. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/** A row id: a positive integer that fits an `integer` column. */
export const rowId = () => z.number().int().positive().max(INT32_MAX);

/** Query-string and path forms of the same (everything arrives as text there). */
export const int32Text = () => z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
export const rowIdText = () => z.coerce.number().int().positive().max(INT32_MAX);

/**
 * The row id a link's path names, or null when the text is not one (a sign, a fraction, 0, past
 * 2^31 - 1): public link pages answer "not valid" for null before any statement runs (issue 52).
 */
export function rowIdInLink(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= INT32_MAX ? id : null;
}

/** A real calendar day, YYYY-MM-DD, refused with `message` otherwise (2020-02-31 included). */
export const calendarDate = (message: string) => z.string().refine(isCalendarDate, message);

/**
 * A link the web app will load as-is (a profile image): https only, so that no `javascript:`,
 * `data:` or plain-http URL is ever stored and shown to another user.
 */
export const httpsUrl = (field: string, max = 500) =>
  z
    .string()
    .max(max)
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, `The ${field} field must be an https: URL.`);
