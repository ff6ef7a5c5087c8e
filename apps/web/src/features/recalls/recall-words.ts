import type { RecallOutcome, RecallStepStatus } from "@loupe/domain";

/** A step's days from the due date in staff words: "14 days before", "on the day", "1 day after". */
export function offsetWords(offsetDays: number): string {
  if (offsetDays === 0) return "on the day";
  const n = Math.abs(offsetDays);
  return `${n} ${n === 1 ? "day" : "days"} ${offsetDays < 0 ? "before" : "after"}`;
}

/** The placeholders a step's text may use (the domain's recallStepSchema names them). */
export const RECALL_PLACEHOLDERS = [
  "{{customer.first_name}}",
  "{{outlet.name}}",
  "{{outlet.phone}}",
  "{{recall.due_date}}",
  "{{recall.type}}",
] as const;

export const OUTCOME_COLOUR: Record<RecallOutcome, string> = {
  open: "blue",
  booked: "green",
  declined: "gray",
  returned: "teal",
};

export const STEP_STATUS_LABELS: Record<RecallStepStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  skipped: "Skipped",
  failed: "Failed",
  to_call: "To call",
  called: "Called",
};

export const STATE_LABELS = { due: "Due", overdue: "Overdue", upcoming: "Upcoming", all: "All" } as const;

/** A fraction 0–1 as a percentage ("42.5%"), or "—" when nobody was reached. */
const percent = new Intl.NumberFormat("en-AU", { style: "percent", maximumFractionDigits: 1 });
export const rateText = (rate: number | null): string => (rate == null ? "—" : percent.format(rate));

/** Today on an outlet's clock (not the browser's), as YYYY-MM-DD. */
export const todayIn = (timeZone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

/** A YYYY-MM-DD day some months later (the one-click snooze), the month's end kept in range. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
