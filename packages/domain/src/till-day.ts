// An outlet's day at the till (issue 30, ADR 0033): the day's bounds in the outlet's own zone, and
// our records set against the payment gateway's, intent by intent.

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
