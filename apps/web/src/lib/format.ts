import {
  DATE_TIME_DISPLAY_FORMAT,
  DEFAULT_TIME_ZONE,
  dayjs,
  formatCalendarDay,
  formatInstant,
  formatMoney as formatMoneyIn,
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
    out = formatInstant(value, timeZone, format);
    formatted.set(key, out);
  }
  return out;
}

/** A calendar date (date of birth, expiry) in the day style, "2nd May 1990", never shifted by a zone. */
export const formatDate = formatCalendarDay;

/** An amount in the job's or region's currency (Intl, en-AU). */
export const formatMoney = (amount: number | string | null | undefined, currency: string): string =>
  formatMoneyIn(amount, currency);
