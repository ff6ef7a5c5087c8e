import { z } from "zod";
import { isCalendarDate } from "./calendar-date";

/**
 * What any value from outside may be before it reaches the database. Ids and counts land in
 * PostgreSQL `integer` columns (32 bits), and PostgreSQL text cannot hold U+0000: a value past
 * either limit is the caller's mistake, refused by name, not a database error. Numbers are bounded
 * by these schemas; NUL is refused once for every string of every call, by the server's binder.
 */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

export const NUL_MESSAGE = "must not contain a NUL character";
export const containsNul = (s: string): boolean => s.includes("\u0000");

/** An integer that fits an `integer` column. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/** A row id: a positive integer that fits an `integer` column. */
export const rowId = () => z.number().int().positive().max(INT32_MAX);

/** Query-string and path forms of the same (everything arrives as text there). */
export const int32Text = () => z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
export const rowIdText = () => z.coerce.number().int().positive().max(INT32_MAX);

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
