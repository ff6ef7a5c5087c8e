import { ONLINE_CHANNEL_ID, type ShipmentStatus } from "@loupe/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { statuses } from "../reference/reference.tables";
import { orderItems, orders } from "./jobs.tables";

/**
 * The job's own shipment fields (§3: shipment_status, shipment_company, shipment_tracking_id),
 * written by the shipping module inside its transaction. Jobs owns the orders table, so the
 * write lives here.
 */
export async function recordJobShipment(
  tx: Db,
  orderId: number,
  shipment: { status: ShipmentStatus; company: string | null; trackingId: string | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      shipmentStatus: shipment.status,
      shipmentCompany: shipment.company,
      shipmentTrackingId: shipment.trackingId,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

/**
 * A delivered online job's items move to the configured item status (dispatched or collected by
 * customer); refunded items (quantity −1) stay as they are. Answers how many items moved.
 */
export async function moveDeliveredOnlineJobItems(tx: Db, orderId: number, slug: string): Promise<number> {
  const [order] = await tx.select({ channelId: orders.channelId }).from(orders).where(eq(orders.id, orderId));
  if (order?.channelId !== ONLINE_CHANNEL_ID) return 0;
  const [status] = await tx
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.kind, "item"), eq(statuses.slug, slug)));
  if (!status) return 0;
  const moved = await tx
    .update(orderItems)
    .set({ dispenseStatusId: status.id, updatedAt: new Date() })
    .where(and(eq(orderItems.orderId, orderId), ne(orderItems.quantity, -1)))
    .returning({ id: orderItems.id });
  return moved.length;
}
