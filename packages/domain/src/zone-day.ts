// One formatter per zone, reused: building an Intl.DateTimeFormat costs far more than formatting
// with it, and the jobs list and table ask for a zone's day on every row (issue 16).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's calendar day of an instant, as that day's UTC midnight in milliseconds. */
export function zoneDay(at: Date, timeZone: string): number {
  // Answers remembered per zone and UTC minute: a page of jobs asks for "now" on every row and on
  // every call (a new instant each time, the same minute), and for the same payments' days each
  // time the page is read again. Formatting is the cost: a few µs warm, several times that between
  // two database waits. Cleared when full.
  let days = remembered.get(timeZone);
  if (!days) {
    days = new Map();
    remembered.set(timeZone, days);
  }
  const time = at.getTime();
  const minute = Math.floor(time / MINUTE);
  const known = days.get(minute);
  if (known !== undefined) return known;
  const start = minute * MINUTE;
  const first = dayOf(start, timeZone);
  // A minute whose two ends fall on different days holds the zone's midnight (offsets with seconds,
  // such as local mean time before 1900): answered exactly, and not remembered.
  if (dayOf(start + MINUTE - 1, timeZone) !== first) return dayOf(time, timeZone);
  if (days.size >= DAYS_KEPT) days.clear();
  days.set(minute, first);
  return first;
}
const MINUTE = 60_000;
const DAYS_KEPT = 4096;
const remembered = new Map<string, Map<number, number>>();

function dayOf(at: number, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes the day as YYYY-MM-DD, which Date.parse reads as that day's UTC midnight.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  const text = format.format(at);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(text);
  // Years outside 1000–9999 are not written with four digits, which Date.parse would misread.
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  return new Date(0).setUTCFullYear(get("year"), get("month") - 1, get("day"));
}
