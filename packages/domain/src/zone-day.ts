// One formatter per zone, reused: building an Intl.DateTimeFormat costs far more than formatting
// with it, and the jobs list and table ask for a zone's day on every row (issue 16).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's calendar day of an instant, as that day's UTC midnight in milliseconds. */
export function zoneDay(at: Date, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"));
}
