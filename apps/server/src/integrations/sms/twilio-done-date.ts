/**
 * Twilio's `RawDlrDoneDate` on a delivered or undelivered report: the carrier's delivery receipt
 * time, YYMMDDhhmm, to the minute and in no stated zone (each carrier its own). Read as UTC: it is
 * only ever compared with another report of the same message, from the same carrier. Null when
 * absent or not of that shape.
 */
export function twilioDoneDate(raw: string | undefined): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(raw?.trim() ?? "");
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const at = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute));
  // Date.UTC rolls a 31st of a 30-day month over: such a value is not a date.
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day && hour < 24 && minute < 60 ? at : null;
}
