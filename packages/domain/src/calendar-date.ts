// Calendar days as the API writes them (YYYY-MM-DD). Checked here, so that "2020-02-31" is refused
// by its field's name instead of failing in the database as an unnamed bad value.

/** Whether `iso` is YYYY-MM-DD and names a real day (2020-02-31 does not); years 0001–9999. */
export function isCalendarDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999; a day past the month's end
  // rolls over into the next month and no longer reads back as written.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A real day (YYYY-MM-DD), or one followed by a time of day that reads as an instant. */
export function isDateOrInstant(text: string): boolean {
  if (!isCalendarDate(text.slice(0, 10))) return false;
  return text.length === 10 || !Number.isNaN(Date.parse(text));
}
