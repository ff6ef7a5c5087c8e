import { type RefundState, refundState } from "@loupe/domain";
import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { referenceData } from "../reference/reference-cache";
import { orderItems, orderPayments, orderRefunds, type orders } from "./jobs.tables";

type OrderRow = typeof orders.$inferSelect;

/**
 * Everything `refundState` needs for these jobs, in five queries whatever their number: the one
 * place the server works out refunded, voided, refundable and void-or-refund.
 */
export async function loadRefundStates(
  db: Db,
  rows: OrderRow[],
  /** The jobs' items when the caller has read them already (one statement fewer per list page). */
  preloaded?: Promise<{ orderId: number; quantity: number }[]>,
  now = new Date(),
): Promise<Map<number, RefundState>> {
  if (!rows.length) return new Map();
  const ids = rows.map((r) => r.id);
  const [{ statuses: statusRows, outlets: outletRows, regions: regionRows }, items, pays, refunds] =
    await Promise.all([
      referenceData(db),
      preloaded ??
        db
          .select({ orderId: orderItems.orderId, quantity: orderItems.quantity })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids)),
      db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)),
      db
        .select()
        .from(orderRefunds)
        .where(and(inArray(orderRefunds.orderId, ids), ne(orderRefunds.status, "failed"))),
    ]);
  const slug = new Map(statusRows.map((s) => [s.id, s.slug]));
  const regionOf = new Map(outletRows.map((o) => [o.id, o.regionId]));
  const zone = new Map(regionRows.map((r) => [r.id, r.timezone]));
  const group = <T extends { orderId: number }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of list) m.set(x.orderId, [...(m.get(x.orderId) ?? []), x]);
    return m;
  };
  const itemsOf = group(items);
  const paysOf = group(pays);
  const refundsOf = group(refunds);
  return new Map(
    rows.map((o) => {
      const done = (refundsOf.get(o.id) ?? []).filter((r) => r.status === "succeeded" && r.scope === "full");
      return [
        o.id,
        refundState({
          statusSlug: slug.get(o.dispenseStatusId) ?? "",
          isPointOfSale: o.isOctoposOrder,
          items: itemsOf.get(o.id) ?? [],
          payments: (paysOf.get(o.id) ?? []).map((p) => ({
            amountMinor: p.amountMinor,
            authorisedOnly: p.state === "authorised",
            createdAt: p.createdAt,
          })),
          refundedMinor: (refundsOf.get(o.id) ?? []).reduce((n, r) => n + r.amountMinor, 0),
          completed: done[0]?.kind ?? null,
          now,
          timeZone: zone.get(regionOf.get(o.originOutletId) ?? 1) ?? "Australia/Sydney",
        }),
      ];
    }),
  );
}
