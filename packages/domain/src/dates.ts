import dayjs from "dayjs";
import "dayjs/locale/en-au.js";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { isCalendarDate } from "./calendar-date";
import { type Currency, defaultCurrencyForCountry, timeZoneForRegion } from "./constants";
import { remembered } from "./remembered";

// Dates and money as staff read them (customers-area §9, jobs-area §9): every instant in the
// outlet's zone, locale en-au; amounts in the job's or region's currency. dayjs (utc, timezone)
// does the zone arithmetic, never hand-written offsets.

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);
dayjs.locale("en-au");

export { dayjs };

/** The spec's display format: "3rd Mar 2026, 2pm". */
export const DATE_TIME_DISPLAY_FORMAT = "Do MMM YYYY, ha";
/** A day without a time: "3rd Mar 2026". */
export const DAY_DISPLAY_FORMAT = "Do MMM YYYY";
/** The same family to the minute, where the minute matters (a tax receipt, a timeline): "3rd Mar 2026, 3:29pm". */
export const EXACT_TIME_DISPLAY_FORMAT = "Do MMM YYYY, h:mma";
/**
 * How a calendar date is typed (date of birth, expiry, a filter's From/To): day first, 03/03/2026.
 * An input's format only; a date shown is written in the day style.
 */
export const DATE_DISPLAY_FORMAT = "DD/MM/YYYY";

/**
 * The three ways Loupe writes a date, on screens, PDFs and e-mails alike (ADR 0035): a day, an
 * instant to the hour (the spec's lists), an instant to the minute (receipts, timelines, prints).
 */
export const DATE_STYLES = {
  day: DAY_DISPLAY_FORMAT,
  time: DATE_TIME_DISPLAY_FORMAT,
  exact: EXACT_TIME_DISPLAY_FORMAT,
} as const;
export type DateStyle = keyof typeof DATE_STYLES;

const zoneNames = new Map<string, Intl.DateTimeFormat[]>();
/**
 * The zone's short name at that instant, as people there write it: "AWST", "NZDT", "MST". en-AU
 * knows the Australian and New Zealand names and en-CA the North American ones; a zone neither
 * names falls back to its offset ("GMT+8").
 */
export function zoneAbbreviation(at: string | Date, timeZone: string): string {
  let formats = zoneNames.get(timeZone);
  if (!formats) {
    formats = ["en-AU", "en-CA"].map((l) => new Intl.DateTimeFormat(l, { timeZone, timeZoneName: "short" }));
    zoneNames.set(timeZone, formats);
  }
  const when = typeof at === "string" ? new Date(at) : at;
  let fallback = "";
  for (const f of formats) {
    const name = f.formatToParts(when).find((p) => p.type === "timeZoneName")?.value ?? "";
    if (name && !name.startsWith("GMT") && !name.startsWith("UTC")) return name;
    fallback ||= name;
  }
  return fallback;
}

/**
 * Every instant Loupe shows goes through here: in the zone of the outlet it belongs to (the job's
 * outlet for a job, the staff member's outlet for "today"), in one of the three styles, with the
 * zone's name when a reader may be elsewhere (a receipt, a printed docket).
 * @example formatWhen("2026-12-01T07:29:00Z", "Australia/Perth", "exact", { zone: true }) // "1st Dec 2026, 3:29pm AWST"
 */
export function formatWhen(
  value: string | Date | null | undefined,
  timeZone: string,
  style: DateStyle = "time",
  options: { zone?: boolean } = {},
): string {
  const text = formatInstant(value, timeZone, DATE_STYLES[style]);
  return text && options.zone ? `${text} ${zoneAbbreviation(value as string | Date, timeZone)}` : text;
}

/** An instant on the wall clock of a zone, the spec's way. */
export function formatInstant(
  value: string | Date | null | undefined,
  timeZone: string,
  format = DATE_TIME_DISPLAY_FORMAT,
): string {
  if (!value) return "";
  const at = dayjs(value);
  return at.isValid() ? at.tz(timeZone).format(format) : "";
}

/** An instant in the zone of a region's outlets (Sydney, Auckland, Toronto). */
export const formatInstantForRegion = (
  value: string | Date | null | undefined,
  regionId: number | null | undefined,
  format = DATE_TIME_DISPLAY_FORMAT,
): string => formatInstant(value, timeZoneForRegion(regionId), format);

/** A calendar date with no time of day (`YYYY-MM-DD…`) in the day style, "2nd May 1990": no zone shifts it. */
export function formatCalendarDay(value: string | null | undefined): string {
  if (!value) return "";
  const d = dayjs(value.slice(0, 10), "YYYY-MM-DD");
  return d.isValid() ? d.format(DAY_DISPLAY_FORMAT) : "";
}

/** A calendar date as it is typed (`DD/MM/YYYY`), for an input's text: no zone shifts it. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "";
  const d = dayjs(value.slice(0, 10), "YYYY-MM-DD");
  return d.isValid() ? d.format(DATE_DISPLAY_FORMAT) : "";
}

/**
 * A calendar date typed the en-AU way, day first: "15/03/1985", "15-3-1985", "15.03.1985" or
 * "15031985"; or pasted as ISO, year first ("1985-03-15", which cannot be read the other way).
 * Answers `YYYY-MM-DD`, or null when it is not a real day (31/02) or not in one of these shapes.
 */
export function parseCalendarDate(text: string): string | null {
  const t = text.trim();
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const m = yearFirst
    ? [yearFirst[3], yearFirst[2], yearFirst[1]]
    : (/^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t))?.slice(1);
  if (!m) return null;
  const [day, month, year] = m;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  // A date of birth or expiry typed before 1800 is a typing slip (a year of 985, say).
  return Number(year) >= 1800 && isCalendarDate(iso) ? iso : null;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/**
 * An amount in its currency, the en-AU way (the spec's locale): AUD as "$1,234.50", NZD as
 * "NZD 1,234.50", CAD as "CAD 1,234.50", so another region's money never passes for Australian dollars.
 */
export function formatMoney(amount: number | string | null | undefined, currency: Currency | string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-AU", { style: "currency", currency });
    moneyFormats.set(currency, f);
  }
  const n = Number(amount ?? 0);
  return f.format(Number.isFinite(n) ? n : 0);
}

/** A job's currency: its region's (the outlet's country). */
export const currencyForCountry = (countryCode: string | null | undefined): Currency =>
  defaultCurrencyForCountry(countryCode);

const HOUR_MS = 3_600_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/**
 * A wall-clock reading (month 1–12, hour 0–23) written in one of the three styles by hand, as
 * dayjs would write it: "27th Nov 2026", "…, 9am", "…, 9:05am". For callers that already hold the
 * reading (a zone's offset read once, an Intl formatter's parts) and must not pay dayjs per value.
 */
export function wallClockText(
  w: { year: number; month: number; day: number; hour: number; minute: number },
  style: DateStyle,
): string {
  const day = `${ordinal(w.day)} ${MONTHS[w.month - 1]} ${w.year}`;
  if (style === "day") return day;
  const hour = `${w.hour % 12 === 0 ? 12 : w.hour % 12}`;
  const half = w.hour < 12 ? "am" : "pm";
  if (style === "time") return `${day}, ${hour}${half}`;
  return `${day}, ${hour}:${String(w.minute).padStart(2, "0")}${half}`;
}

/**
 * `formatWhen` for many instants in one zone and style (a list export). The zone's offset is read
 * through dayjs once per UTC hour (offsets change on the hour or half hour, and a change inside an
 * hour is found by reading the offset at both ends), and the wall-clock text is then written by hand
 * in the same three styles: a million rows cost a few thousand zone look-ups and no per-row objects
 * that outlive the row (a memo of formatted strings would, and grows the old generation).
 */
export function whenFormatter(
  timeZone: string,
  style: DateStyle = "time",
  limit = 50_000,
): (value: string | Date | null | undefined) => string {
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => dayjs(ms).tz(timeZone).utcOffset();
  const offsetOf = (ms: number) => {
    const hour = Math.floor(ms / HOUR_MS);
    let minutes = offsets.get(hour);
    if (minutes === undefined) {
      const start = offsetAt(hour * HOUR_MS);
      const end = offsetAt(hour * HOUR_MS + HOUR_MS - 1);
      // A change inside this hour (a half-hour zone's switch): not cached, read for the instant.
      if (start !== end) return offsetAt(ms);
      if (offsets.size >= limit) offsets.clear();
      offsets.set(hour, start);
      minutes = start;
    }
    return minutes;
  };
  return (value) => {
    if (!value) return "";
    const ms = typeof value === "string" ? Date.parse(value) : value.getTime();
    if (Number.isNaN(ms)) return "";
    const wall = new Date(ms + offsetOf(ms) * 60_000);
    return wallClockText(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
      },
      style,
    );
  };
}

// A day's bounds in a zone never change, and dayjs's zone arithmetic is a third of a millisecond
// of the till summary's CPU per call (issue 31): worked out once per zone and day.
const boundsOf = remembered(
  (date: string, timeZone: string) => {
    const next = dayjs.utc(date).add(1, "day").format("YYYY-MM-DD");
    return { from: dayjs.tz(date, timeZone).valueOf(), to: dayjs.tz(next, timeZone).valueOf() };
  },
  { limit: 1000, key: (date, timeZone) => `${timeZone} ${date}` },
);

/**
 * The instants a calendar day starts and ends at in an IANA zone (23 or 25 hours on a DST change).
 * Each end is that date's own midnight read in the zone: dayjs's `startOf("day")` on a zoned time
 * lands an hour off on the day the clocks change (Sydney, 4 Oct 2026: 13:00Z, not 14:00Z).
 */
export function zoneDayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  const bounds = boundsOf(date, timeZone);
  return { from: new Date(bounds.from), to: new Date(bounds.to) };
}
