// What a partial refund reads besides the jobs' own tables (ADR 0033): product names and taxability,
// the region and outlet and staff names (a manager's approval and the credit notes come from
// approvals and receipts, above jobs, through slots). Read-only.
import {
  couponMinorOf,
  isTaxableOnReceipt,
  type QuoteFacts,
  quoteRefund,
  REFUNDED_QUANTITY,
} from "@loupe/domain";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { outlets, regions } from "../reference/reference.tables";
import { orderItems, orderPayments, orderRefundPayments, orderRefunds, type orders } from "./jobs.tables";

export type OrderRow = typeof orders.$inferSelect;

/** The job's region as its documents and money need it. */
export async function regionOfJob(db: Db, order: Pick<OrderRow, "originOutletId">) {
  const [row] = await db
    .select({
      regionId: regions.id,
      countryCode: regions.countryCode,
      currency: regions.defaultCurrency,
      timeZone: regions.timezone,
      state: outlets.state,
    })
    .from(outlets)
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(outlets.id, order.originOutletId));
  return row;
}

/** Everything `quoteRefund` needs for one job, read through `db` (the claim's transaction, under its lock). */
export async function loadQuoteFacts(db: Db, order: OrderRow, voidOnly: boolean, exceptRefundId?: number) {
  const region = await regionOfJob(db, order);
  const [items, pays, refunds] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        totalAmountMinor: orderItems.totalAmountMinor,
        requiresPrescription: regionProducts.requiresPrescription,
        name: regionProducts.name,
      })
      .from(orderItems)
      .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(asc(orderPayments.id)),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed")))
      .orderBy(asc(orderRefunds.id))
      .then((rows) => rows.filter((r) => r.id !== exceptRefundId)),
  ]);
  const splits = refunds.length
    ? await db
        .select()
        .from(orderRefundPayments)
        .where(
          inArray(
            orderRefundPayments.refundId,
            refunds.map((r) => r.id),
          ),
        )
    : [];
  const couponMinor = couponMinorOf(order.coupons);
  const facts: QuoteFacts = {
    items: items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      totalAmountMinor: i.totalAmountMinor,
      taxable: isTaxableOnReceipt(region?.countryCode ?? "AU", i.requiresPrescription),
    })),
    couponMinor,
    payments: pays.map((p) => ({
      id: p.id,
      amountMinor: p.amountMinor,
      card: !!p.intentId,
      authorisedOnly: p.state === "authorised",
      createdAt: p.createdAt,
    })),
    refunds: sharesOf(refunds, pays, splits),
    voidOnly,
  };
  return { facts, region, items, pays, refunds };
}

/**
 * Where each refund's money went, payment by payment. A partial refund has its shares; a full
 * refund (ADR 0030) returned what each card payment had left at the time, the rest at the till.
 */
function sharesOf(
  refunds: (typeof orderRefunds.$inferSelect)[],
  pays: (typeof orderPayments.$inferSelect)[],
  splits: (typeof orderRefundPayments.$inferSelect)[],
): QuoteFacts["refunds"] {
  const taken = new Map<number, number>();
  return refunds.map((r) => {
    let shares: { paymentId: number | null; amountMinor: number }[];
    // A share the gateway refused stays reserved while its refund is incomplete: completing it
    // must find the payment's money still there.
    const own = splits.filter((s) => s.refundId === r.id);
    if (r.method === "till") shares = [{ paymentId: null, amountMinor: r.amountMinor }];
    else if (own.length) shares = own.map((s) => ({ paymentId: s.paymentId, amountMinor: s.amountMinor }));
    else {
      shares = [];
      let left = r.amountMinor;
      if (r.method === "gateway")
        for (const p of pays.filter((x) => x.intentId && x.state === "captured")) {
          const take = Math.min(left, p.amountMinor - (taken.get(p.id) ?? 0));
          if (take > 0) shares.push({ paymentId: p.id, amountMinor: take });
          left -= Math.max(0, take);
        }
      if (left > 0) shares.push({ paymentId: null, amountMinor: left });
    }
    for (const s of shares)
      if (s.paymentId !== null) taken.set(s.paymentId, (taken.get(s.paymentId) ?? 0) + s.amountMinor);
    return { amountMinor: r.amountMinor, lines: r.lines ?? [], splits: shares };
  });
}

/** Items whose line was refunded in full by this refund's lines: they go to quantity −1. */
export const fullyRefundedItems = (
  items: readonly { id: number; quantity: number }[],
  refundedUnits: ReadonlyMap<number, number>,
) => items.filter((i) => i.quantity !== REFUNDED_QUANTITY && (refundedUnits.get(i.id) ?? 0) >= i.quantity);

/**
 * What a partial refund request would return, for the rulebook's approval limit (ADR 0033); 0 when
 * the request does not price (the service then answers its 422, naming the field).
 */
export async function partialRefundMinor(
  db: Db,
  order: OrderRow,
  voidOnly: boolean,
  body: { items?: { id: number; quantity: number }[]; amount_minor?: number | null; destination?: string },
): Promise<number> {
  const { facts } = await loadQuoteFacts(db, order, voidOnly);
  const q = quoteRefund(facts, {
    items: Array.isArray(body.items) ? body.items : [],
    amountMinor: body.amount_minor ?? null,
    destination: body.destination === "till" ? "till" : "card",
  });
  return q.ok ? q.quote.amountMinor : 0;
}
