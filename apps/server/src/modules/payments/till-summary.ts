import type { TillSummaryWire } from "@loupe/contract";
import { mayApprove, reconcileTill, zoneDayBounds } from "@loupe/domain";
import type { PaymentGateway } from "../../integrations/payments";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { staffNamesByIds } from "../staff";
import { outletIntents, outletWithRegion, tillRows } from "./till-summary.queries";

const ZERO = { card_payments_minor: 0, card_refunds_minor: 0, till_payments_minor: 0, till_refunds_minor: 0 };
const FIELD = {
  card_payment: "card_payments_minor",
  card_refund: "card_refunds_minor",
  till_payment: "till_payments_minor",
  till_refund: "till_refunds_minor",
} as const;

/**
 * An outlet's day for its manager (ADR 0033): card and till money in and out, by staff member, and
 * the card side set against the gateway's own records for the day, intent by intent.
 */
export async function tillSummary(
  db: Db,
  gateway: PaymentGateway,
  staff: { roleId: number },
  outletId: number,
  date: string,
): Promise<TillSummaryWire> {
  if (!mayApprove(staff.roleId))
    throw new AppError("forbidden", "The till summary is for managers and administrators.");
  const found = await outletWithRegion(db, outletId);
  if (!found) throw notFound("Outlet");
  const { outlet, region } = found;
  // The outlet's own day (ADR 0035): Fremantle's till closes on Perth time, not the region's Sydney time.
  const { from, to } = zoneDayBounds(date, outlet.timeZone);
  // Our rows of the day and the gateway's own records of it are independent: asked for at once.
  const [rows, day] = await Promise.all([
    tillRows(db, outletId, from, to),
    gateway.listTransactions
      ? gateway.listTransactions({ currency: region.defaultCurrency, from, to })
      : { payments: [], refunds: [] },
  ]);
  const totals = { ...ZERO };
  const byStaff = new Map<number | null, typeof ZERO>();
  for (const r of rows) {
    totals[FIELD[r.kind]] += r.amountMinor;
    const s = byStaff.get(r.staffUserId) ?? { ...ZERO };
    s[FIELD[r.kind]] += r.amountMinor;
    byStaff.set(r.staffUserId, s);
  }
  const names = await staffNamesByIds(
    db,
    [...byStaff.keys()].filter((k): k is number => k !== null),
  );
  const ours = await outletIntents(db, outletId, [
    ...new Set([...day.payments.map((p) => p.intentId), ...day.refunds.map((r) => r.intentId)]),
  ]);
  const gatewayPayments = day.payments.filter((p) => ours.has(p.intentId));
  const gatewayRefunds = day.refunds.filter((r) => ours.has(r.intentId));
  const cards = (kind: "card_payment" | "card_refund") =>
    rows.filter((r) => r.kind === kind).map((r) => ({ reference: r.reference, amountMinor: r.amountMinor }));
  const differences = [
    ...reconcileTill(
      "payment",
      cards("card_payment"),
      gatewayPayments.map((p) => ({ reference: p.intentId, amountMinor: p.amountMinor })),
    ),
    ...reconcileTill(
      "refund",
      cards("card_refund"),
      gatewayRefunds.map((r) => ({ reference: r.intentId, amountMinor: r.amountMinor })),
    ),
  ];
  const orderOf = new Map(rows.map((r) => [r.reference, r.orderId]));
  return {
    outlet: { id: outlet.id, name: outlet.name, abbreviation: outlet.abbreviation },
    date,
    time_zone: outlet.timeZone,
    currency: region.defaultCurrency,
    totals,
    by_staff: [...byStaff].map(([id, t]) => ({
      staff_user_id: id,
      staff_name: id === null ? "Not recorded (point of sale)" : (names.get(id) ?? `Staff ${id}`),
      ...t,
    })),
    gateway: {
      card_payments_minor: gatewayPayments.reduce((n, p) => n + p.amountMinor, 0),
      card_refunds_minor: gatewayRefunds.reduce((n, r) => n + r.amountMinor, 0),
    },
    differences: differences.map((d) => ({
      kind: d.kind,
      reference: d.reference,
      ours_minor: d.oursMinor,
      gateway_minor: d.gatewayMinor,
      order_id: orderOf.get(d.reference) ?? null,
      note: d.note,
    })),
    reconciled: differences.length === 0,
  };
}

const csvCell = (v: unknown) => {
  const s = String(v ?? "");
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The day as CSV: totals, each staff member, then the differences (amounts in the currency's units). */
export function tillSummaryCsv(s: TillSummaryWire): string {
  const m = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));
  const lines = [
    ["outlet", "date", "currency", "who", "card payments", "card refunds", "till payments", "till refunds"],
    ...[{ staff_name: "All staff", ...s.totals }, ...s.by_staff].map((r) => [
      s.outlet.abbreviation,
      s.date,
      s.currency,
      r.staff_name,
      m(r.card_payments_minor),
      m(r.card_refunds_minor),
      m(r.till_payments_minor),
      m(r.till_refunds_minor),
    ]),
    [],
    ["difference", "reference", "job", "ours", "gateway", "note"],
    ...s.differences.map((d) => [
      d.kind,
      d.reference,
      d.order_id ?? "",
      m(d.ours_minor),
      m(d.gateway_minor),
      d.note,
    ]),
  ];
  return `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
