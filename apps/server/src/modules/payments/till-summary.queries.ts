// An outlet's day at the till (ADR 0033): its jobs' payments and refunds, read from the jobs,
// reference and staff tables (read-only), with who took each card payment from our own payments.
import { and, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
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

/** Every payment and refund of the outlet's jobs in [from, to). */
export async function tillRows(db: Db, outletId: number, from: Date, to: Date): Promise<TillRow[]> {
  const taken = await db
    .select({ p: orderPayments })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      and(
        eq(orders.originOutletId, outletId),
        eq(orderPayments.state, "captured"),
        gte(orderPayments.createdAt, from),
        lt(orderPayments.createdAt, to),
      ),
    );
  const intents = taken.map((t) => t.p.intentId).filter((x): x is string => !!x);
  const takers = intents.length
    ? await db
        .select({ intentId: payments.intentId, createdBy: payments.createdBy })
        .from(payments)
        .where(inArray(payments.intentId, intents))
    : [];
  const rows: TillRow[] = taken.map(({ p }) => ({
    kind: p.intentId ? "card_payment" : "till_payment",
    orderId: p.orderId,
    reference: p.intentId ?? `payment ${p.id}`,
    amountMinor: p.amountMinor,
    staffUserId: takers.find((x) => x.intentId === p.intentId)?.createdBy ?? null,
  }));
  // Card refunds by share (partial refunds), each to its payment's intent.
  const shares = await db
    .select({ share: orderRefundPayments, refund: orderRefunds, intentId: orderPayments.intentId })
    .from(orderRefundPayments)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundPayments.refundId))
    .innerJoin(orderPayments, eq(orderPayments.id, orderRefundPayments.paymentId))
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orders.originOutletId, outletId),
        eq(orderRefundPayments.status, "succeeded"),
        gte(orderRefundPayments.updatedAt, from),
        lt(orderRefundPayments.updatedAt, to),
      ),
    );
  for (const s of shares)
    rows.push({
      kind: "card_refund",
      orderId: s.refund.orderId,
      reference: s.intentId ?? `refund ${s.refund.id}`,
      amountMinor: s.share.amountMinor,
      staffUserId: s.refund.staffUserId,
    });
  // Full card refunds of before (ADR 0030) have no shares: their amount, to the job's first card intent.
  const full = await db
    .select({ refund: orderRefunds })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .leftJoin(orderRefundPayments, eq(orderRefundPayments.refundId, orderRefunds.id))
    .where(
      and(
        eq(orders.originOutletId, outletId),
        eq(orderRefunds.status, "succeeded"),
        eq(orderRefunds.kind, "refund"),
        isNull(orderRefundPayments.id),
        gte(orderRefunds.completedAt, from),
        lt(orderRefunds.completedAt, to),
      ),
    );
  const cardOf = full.length
    ? await db
        .select({ orderId: orderPayments.orderId, intentId: orderPayments.intentId })
        .from(orderPayments)
        .where(
          and(
            inArray(
              orderPayments.orderId,
              full.map((f) => f.refund.orderId),
            ),
            isNotNull(orderPayments.intentId),
          ),
        )
    : [];
  for (const { refund } of full)
    rows.push({
      kind: refund.method === "gateway" ? "card_refund" : "till_refund",
      orderId: refund.orderId,
      reference:
        refund.method === "gateway"
          ? (cardOf.find((c) => c.orderId === refund.orderId)?.intentId ?? `refund ${refund.id}`)
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
