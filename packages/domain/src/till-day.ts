// An outlet's day at the till (issue 30, ADR 0033): the day's bounds in the outlet's own zone, and
// our records set against the payment gateway's, intent by intent.
import { dayjs } from "./dates";

// A day's bounds in a zone never change, and dayjs's zone arithmetic is a third of a millisecond
// of the till summary's CPU per call (issue 31): worked out once per zone and day.
const knownBounds = new Map<string, { from: number; to: number }>();

/**
 * The instants a calendar day starts and ends at in an IANA zone (23 or 25 hours on a DST change).
 * Each end is that date's own midnight read in the zone: dayjs's `startOf("day")` on a zoned time
 * lands an hour off on the day the clocks change (Sydney, 4 Oct 2026: 13:00Z, not 14:00Z).
 */
export function zoneDayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  const key = `${timeZone} ${date}`;
  let bounds = knownBounds.get(key);
  if (!bounds) {
    const next = dayjs.utc(date).add(1, "day").format("YYYY-MM-DD");
    bounds = { from: dayjs.tz(date, timeZone).valueOf(), to: dayjs.tz(next, timeZone).valueOf() };
    if (knownBounds.size >= 1000) knownBounds.clear();
    knownBounds.set(key, bounds);
  }
  return { from: new Date(bounds.from), to: new Date(bounds.to) };
}

export interface TillDifference {
  kind: "payment" | "refund";
  reference: string;
  oursMinor: number | null;
  gatewayMinor: number | null;
  note: string;
}

/**
 * Card money per intent, ours against the gateway's, for one day: every intent on one side only,
 * or with another amount, is a difference. Amounts are summed per intent first (a payment taken in
 * two captures, a refund in two shares).
 */
export function reconcileTill(
  kind: "payment" | "refund",
  ours: readonly { reference: string; amountMinor: number }[],
  gateway: readonly { reference: string; amountMinor: number }[],
): TillDifference[] {
  const sum = (rows: readonly { reference: string; amountMinor: number }[]) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r.reference, (m.get(r.reference) ?? 0) + r.amountMinor);
    return m;
  };
  const a = sum(ours);
  const b = sum(gateway);
  const out: TillDifference[] = [];
  for (const reference of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const o = a.get(reference) ?? null;
    const g = b.get(reference) ?? null;
    if (o === g) continue;
    out.push({
      kind,
      reference,
      oursMinor: o,
      gatewayMinor: g,
      note: o === null ? "Only at the payment gateway" : g === null ? "Only in Loupe" : "The amounts differ",
    });
  }
  return out;
}
