import { type RefundState, refundState } from "@loupe/domain";
import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type JobReference, jobReference } from "./job-reference";
import { orderItems, orderPayments, orderRefunds, type orders } from "./jobs.tables";

type OrderRow = typeof orders.$inferSelect;

/** A job's own rows that decide whether and how it can be refunded. */
export interface RefundRows {
  items: readonly { quantity: number }[];
  payments: readonly { amountMinor: number; state: "captured" | "authorised"; createdAt: Date }[];
  /** Refund attempts that have not failed. */
  refunds: readonly { amountMinor: number; status: string; scope: string; kind: "refund" | "void" }[];
}

/**
 * `refundState` for one job from its rows: the one place the server turns them into refunded,
 * voided, refundable and void-or-refund, whether they came from five queries or from the list's
 * single statement.
 */
export function refundStateOf(
  o: Pick<OrderRow, "dispenseStatusId" | "isOctoposOrder" | "originOutletId">,
  rows: RefundRows,
  reference: JobReference,
  now: Date,
): RefundState {
  const done = rows.refunds.find((r) => r.status === "succeeded" && r.scope === "full");
  return refundState({
    statusSlug: reference.status.get(o.dispenseStatusId)?.slug ?? "",
    isPointOfSale: o.isOctoposOrder,
    items: rows.items,
    payments: rows.payments.map((p) => ({
      amountMinor: p.amountMinor,
      authorisedOnly: p.state === "authorised",
      createdAt: p.createdAt,
    })),
    refundedMinor: rows.refunds.reduce((n, r) => n + r.amountMinor, 0),
    partlyRefundedMinor: rows.refunds
      .filter((r) => r.scope === "partial" && r.status === "succeeded")
      .reduce((n, r) => n + r.amountMinor, 0),
    completed: done?.kind ?? null,
    now,
    timeZone: reference.zoneOfOutlet(o.originOutletId),
  });
}

/** Everything `refundState` needs for these jobs, in four queries whatever their number. */
export async function loadRefundStates(
  db: Db,
  rows: OrderRow[],
  /** The jobs' items when the caller has read them already (one statement fewer per list page). */
  preloaded?: Promise<{ orderId: number; quantity: number }[]>,
  now = new Date(),
): Promise<Map<number, RefundState>> {
  if (!rows.length) return new Map();
  const ids = rows.map((r) => r.id);
  const [reference, items, pays, refunds] = await Promise.all([
    jobReference(db),
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
  const group = <T extends { orderId: number }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of list) m.set(x.orderId, [...(m.get(x.orderId) ?? []), x]);
    return m;
  };
  const itemsOf = group(items);
  const paysOf = group(pays);
  const refundsOf = group(refunds);
  return new Map(
    rows.map((o) => [
      o.id,
      refundStateOf(
        o,
        {
          items: itemsOf.get(o.id) ?? [],
          payments: paysOf.get(o.id) ?? [],
          refunds: refundsOf.get(o.id) ?? [],
        },
        reference,
        now,
      ),
    ]),
  );
}
