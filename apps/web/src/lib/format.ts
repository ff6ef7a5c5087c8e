import {
  DATE_TIME_DISPLAY_FORMAT,
  DEFAULT_TIME_ZONE,
  dayjs,
  formatCalendarDay,
  formatInstant,
  formatMoney as formatMoneyIn,
  wallClockText,
} from "@loupe/domain";

// The web app's formatting is the domain's (packages/domain/src/dates.ts), tested there.
export { dayjs };

export const DATE_DISPLAY_FORMAT = DATE_TIME_DISPLAY_FORMAT;

// Zone conversion in dayjs is slow (≈ 0.3 ms a call here), and the jobs table formats every row's
// timestamp on every redraw (issue 16): the answers for the same input are kept, up to a bound.
const formatted = new Map<string, string>();

/**
 * A timestamp shown the spec's way ("Do MMM YYYY, ha") on an outlet's clock: the job's outlet for
 * a job, the signed-in user's outlet otherwise (`useFormatDateTime`), ADR 0035.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
  format = DATE_TIME_DISPLAY_FORMAT,
): string {
  if (typeof value !== "string") return formatInstant(value, timeZone, format);
  const key = `${value}|${timeZone}|${format}`;
  let out = formatted.get(key);
  if (out === undefined) {
    if (formatted.size >= 5000) formatted.clear();
    out =
      (format === DATE_TIME_DISPLAY_FORMAT && toTheHour(value, timeZone)) ||
      formatInstant(value, timeZone, format);
    formatted.set(key, out);
  }
  return out;
}

// The spec's "Do MMM YYYY, ha" from one Intl formatter per zone, kept: a jobs table's new rows are
// never in the cache above, and dayjs's zone conversion is most of their Created cells (issue 31).
// Only for what both read alike (an ISO instant with its offset, a four-digit year); anything else
// is dayjs's. format.test.ts compares the two.
const hourFormats = new Map<string, Intl.DateTimeFormat>();
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function toTheHour(value: string, timeZone: string): string | undefined {
  if (!ISO_INSTANT.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  let format = hourFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        hourCycle: "h23",
      });
    } catch {
      return undefined;
    }
    hourFormats.set(timeZone, format);
  }
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
    else if (part.type === "hour") hour = Number(part.value);
  }
  if (!(year >= 1000 && year <= 9999)) return undefined;
  return wallClockText({ year, month, day, hour, minute: 0 }, "time");
}

/** A calendar date (date of birth, expiry) in the day style, "2nd May 1990", never shifted by a zone. */
export const formatDate = formatCalendarDay;

/** An amount in the job's or region's currency (Intl, en-AU). */
export const formatMoney = (amount: number | string | null | undefined, currency: string): string =>
  formatMoneyIn(amount, currency);
