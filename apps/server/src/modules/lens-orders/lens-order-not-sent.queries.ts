import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orderItems, orders } from "../jobs/jobs.tables";
import { outboxMessages } from "../outbox/outbox.tables";
import { lensSuppliers } from "../suppliers/suppliers.tables";
import { lensOrders } from "./lens-orders.tables";

// Reads of the outbox's and the jobs' tables for "Not sent" lens orders (issue 33); writes stay
// in their modules.

const lensOrderMessage = (key: unknown) =>
  and(
    sql`${outboxMessages.meta}->>'kind' = 'lens_order'`,
    sql`${outboxMessages.meta}->>'idempotency_key' = ${key}`,
  );

/**
 * The newest outbox message of a lens order (placed with its key): only its fate counts, so the
 * notice of an older message given up before a Send again never marks the re-sent order.
 */
export async function latestLensOrderMessageId(tx: Db, idempotencyKey: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(lensOrderMessage(idempotencyKey))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Given-up lens-order e-mails whose order still reads Sent (the notice was missed: the process
 * stopped between the outbox storing `failed` and the lens order being told). Starts from failed
 * messages (few, and `status` is indexed), keeps each key's newest message only.
 */
export async function missedNotSent(db: Db, limit: number) {
  return db
    .select({ message: outboxMessages })
    .from(outboxMessages)
    .innerJoin(lensOrders, sql`${lensOrders.idempotencyKey} = ${outboxMessages.meta}->>'idempotency_key'`)
    .where(
      and(
        eq(outboxMessages.status, "failed"),
        sql`${outboxMessages.meta}->>'kind' = 'lens_order'`,
        eq(lensOrders.state, "placed"),
        eq(lensOrders.transport, "email"),
        sql`not exists (select 1 from outbox_messages newer
              where newer.id > ${outboxMessages.id}
                and newer.meta->>'kind' = 'lens_order'
                and newer.meta->>'idempotency_key' = ${outboxMessages.meta}->>'idempotency_key')`,
      ),
    )
    .orderBy(outboxMessages.id)
    .limit(limit);
}

/** The outlet's "Not sent" lens orders (ordered from it, or for an item at it), newest first. */
export async function notSentOfOutlet(db: Db, outletId: number, limit: number) {
  return db
    .select({
      order: lensOrders,
      invoice: orders.vendInvoiceNumber,
      supplierName: lensSuppliers.name,
    })
    .from(lensOrders)
    .innerJoin(orders, eq(orders.id, lensOrders.orderId))
    .innerJoin(orderItems, eq(orderItems.id, lensOrders.orderItemId))
    .innerJoin(lensSuppliers, eq(lensSuppliers.id, lensOrders.supplierId))
    .where(
      and(
        eq(lensOrders.state, "not_sent"),
        or(eq(lensOrders.fromOutletId, outletId), eq(orderItems.outletId, outletId)),
      ),
    )
    .orderBy(desc(lensOrders.updatedAt), desc(lensOrders.id))
    .limit(limit);
}

/** The item's selection and its job's customer, read again under the item's lock (the re-entry rule). */
export async function itemWithCustomer(tx: Db, itemId: number) {
  const [row] = await tx
    .select({ id: orderItems.id, additionalInfo: orderItems.additionalInfo, customerId: orders.customerId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}
