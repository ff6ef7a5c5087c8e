import { RECEIPT_NOTE_PREFIX } from "@loupe/domain";
import { and, asc, desc, eq, like } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { orderItems, orderPayments, orderRefunds, orders } from "../jobs/jobs.tables";
import { notes } from "../notes/notes.tables";
import { outlets, regions } from "../reference/reference.tables";
import { creditNotes } from "./receipts.tables";

/** Everything a receipt prints, read from the jobs, notes and reference tables (read-only). */
export async function readReceipt(db: Db, orderId: number) {
  const [row] = await db
    .select({ order: orders, outlet: outlets, region: regions })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, payments, refunds, receiptNotes, customer, notesIssued] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        unitPriceMinor: orderItems.unitPriceMinor,
        totalAmountMinor: orderItems.totalAmountMinor,
        discountAmountMinor: orderItems.discountAmountMinor,
        name: regionProducts.name,
        requiresPrescription: regionProducts.requiresPrescription,
      })
      .from(orderItems)
      .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id)),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "succeeded")))
      .orderBy(asc(orderRefunds.id)),
    db
      .select({ content: notes.content })
      .from(notes)
      .where(and(eq(notes.orderId, orderId), like(notes.content, `${RECEIPT_NOTE_PREFIX}%`)))
      .orderBy(desc(notes.updatedAt), desc(notes.id))
      .limit(1),
    row.order.customerId != null
      ? db.select().from(customers).where(eq(customers.id, row.order.customerId))
      : Promise.resolve([]),
    db
      .select({
        code: creditNotes.code,
        refundId: creditNotes.refundId,
        number: creditNotes.number,
        amountMinor: creditNotes.amountMinor,
        lines: creditNotes.lines,
      })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(asc(creditNotes.number)),
  ]);
  return {
    ...row,
    items,
    payments,
    refunds,
    receiptNote: receiptNotes[0]?.content ?? null,
    customer: customer[0] ?? null,
    creditNotes: notesIssued,
  };
}
export type ReceiptData = NonNullable<Awaited<ReturnType<typeof readReceipt>>>;
