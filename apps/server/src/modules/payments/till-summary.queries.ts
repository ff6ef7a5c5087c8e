// An outlet's day at the till (ADR 0033): its jobs' payments and refunds, read from the jobs,
// reference and staff tables (read-only), with who took each card payment from our own payments.
import { and, type Column, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orderPayments, orderRefundPayments, orderRefunds, orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";
import { payments } from "./payments.tables";

export async function outletWithRegion(db: Db, outletId: number) {
  const [row] = await db
    .select({ outlet: outlets, region: regions })
    .from(outlets)
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(outlets.id, outletId));
  return row ?? null;
}

export interface TillRow {
  kind: "card_payment" | "card_refund" | "till_payment" | "till_refund";
  orderId: number;
  reference: string;
  amountMinor: number;
  staffUserId: number | null;
}

/**
 * Every payment and refund of the outlet's jobs in [from, to). The three reads of the day do not
 * depend on each other and run at once (each on a connection of its own outside a transaction),
 * as do the two look-ups that follow them; each reads only the columns a row needs.
 */
export async function tillRows(db: Db, outletId: number, from: Date, to: Date): Promise<TillRow[]> {
  const ofOutlet = eq(orders.originOutletId, outletId);
  const inDay = (at: Column) => and(gte(at, from), lt(at, to));
  const [taken, shares, full] = await Promise.all([
    db
      .select({
        id: orderPayments.id,
        orderId: orderPayments.orderId,
        intentId: orderPayments.intentId,
        amountMinor: orderPayments.amountMinor,
      })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(and(ofOutlet, eq(orderPayments.state, "captured"), inDay(orderPayments.createdAt))),
    // Card refunds by share (partial refunds), each to its payment's intent.
    db
      .select({
        refundId: orderRefunds.id,
        orderId: orderRefunds.orderId,
        staffUserId: orderRefunds.staffUserId,
        amountMinor: orderRefundPayments.amountMinor,
        intentId: orderPayments.intentId,
      })
      .from(orderRefundPayments)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundPayments.refundId))
      .innerJoin(orderPayments, eq(orderPayments.id, orderRefundPayments.paymentId))
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        and(ofOutlet, eq(orderRefundPayments.status, "succeeded"), inDay(orderRefundPayments.updatedAt)),
      ),
    // Full refunds of before (ADR 0030) have no shares: a card one goes to the job's first card intent.
    db
      .select({
        id: orderRefunds.id,
        orderId: orderRefunds.orderId,
        method: orderRefunds.method,
        amountMinor: orderRefunds.amountMinor,
        staffUserId: orderRefunds.staffUserId,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .leftJoin(orderRefundPayments, eq(orderRefundPayments.refundId, orderRefunds.id))
      .where(
        and(
          ofOutlet,
          eq(orderRefunds.status, "succeeded"),
          eq(orderRefunds.kind, "refund"),
          isNull(orderRefundPayments.id),
          inDay(orderRefunds.completedAt),
        ),
      ),
  ]);
  const intents = taken.map((t) => t.intentId).filter((x): x is string => !!x);
  const [takers, cardOf] = await Promise.all([
    intents.length
      ? db
          .select({ intentId: payments.intentId, createdBy: payments.createdBy })
          .from(payments)
          .where(inArray(payments.intentId, intents))
      : [],
    full.length
      ? db
          .select({ orderId: orderPayments.orderId, intentId: orderPayments.intentId })
          .from(orderPayments)
          .where(
            and(
              inArray(
                orderPayments.orderId,
                full.map((f) => f.orderId),
              ),
              isNotNull(orderPayments.intentId),
            ),
          )
      : [],
  ]);
  // Who took each intent, and each job's first card intent, found by key rather than by a scan per row.
  const takerOf = new Map<string, number | null>();
  for (const t of takers) if (t.intentId && !takerOf.has(t.intentId)) takerOf.set(t.intentId, t.createdBy);
  const firstCardOf = new Map<number, string | null>();
  for (const c of cardOf) if (!firstCardOf.has(c.orderId)) firstCardOf.set(c.orderId, c.intentId);
  const rows: TillRow[] = taken.map((p) => ({
    kind: p.intentId ? "card_payment" : "till_payment",
    orderId: p.orderId,
    reference: p.intentId ?? `payment ${p.id}`,
    amountMinor: p.amountMinor,
    staffUserId: p.intentId ? (takerOf.get(p.intentId) ?? null) : null,
  }));
  for (const s of shares)
    rows.push({
      kind: "card_refund",
      orderId: s.orderId,
      reference: s.intentId ?? `refund ${s.refundId}`,
      amountMinor: s.amountMinor,
      staffUserId: s.staffUserId,
    });
  for (const refund of full)
    rows.push({
      kind: refund.method === "gateway" ? "card_refund" : "till_refund",
      orderId: refund.orderId,
      reference:
        refund.method === "gateway"
          ? (firstCardOf.get(refund.orderId) ?? `refund ${refund.id}`)
          : `refund ${refund.id}`,
      amountMinor: refund.amountMinor,
      staffUserId: refund.staffUserId,
    });
  return rows;
}

/** Card intents of this outlet's jobs among those the gateway listed (the rest are other outlets'). */
export async function outletIntents(db: Db, outletId: number, intentIds: string[]) {
  if (!intentIds.length) return new Set<string>();
  const rows = await db
    .select({ intentId: orderPayments.intentId })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orders.originOutletId, outletId), inArray(orderPayments.intentId, intentIds)));
  return new Set(rows.map((r) => r.intentId!));
}
