import { ONLINE_CHANNEL_ID, type ShipmentEventStatus } from "@loupe/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { recordJobEvents } from "./job-events";
import { itemStatusBySlug, itemsNotAtStatus } from "./job-reference.queries";
import { jobEvents, orderItems, orders } from "./jobs.tables";

/**
 * Locks the job's row for the rest of the transaction. Every transaction that moves a shipment
 * takes it before touching the shipment's row, so two of them (a cancel, a tracking poll, a
 * booking) always lock in the same order and never deadlock.
 */
export async function lockJob(tx: Db, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
  return row != null;
}

/**
 * The job's own shipment fields (§3: shipment_status, shipment_company, shipment_tracking_id) and
 * the move on its timeline, written by the shipping module inside its transaction. Jobs owns the
 * orders and job_events tables, so the writes live here. A cancelled shipment leaves the job
 * without one (a new shipping order may be created); each move of one tracking number is on the
 * timeline once (a unique index), however often a poll or a retry reports it.
 */
export async function recordJobShipment(
  tx: Db,
  orderId: number,
  shipment: { status: ShipmentEventStatus; company: string | null; trackingId: string | null },
  staffUserId: number | null = null,
): Promise<void> {
  const cancelled = shipment.status === "cancelled";
  await tx
    .update(orders)
    .set({
      shipmentStatus: shipment.status === "cancelled" ? "not_created" : shipment.status,
      shipmentCompany: cancelled ? null : shipment.company,
      shipmentTrackingId: cancelled ? null : shipment.trackingId,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
  await tx
    .insert(jobEvents)
    .values({
      orderId,
      kind: "shipment",
      fromValue: shipment.status,
      toValue: [shipment.company, shipment.trackingId].filter(Boolean).join(" "),
      staffUserId,
    })
    .onConflictDoNothing();
}

/**
 * A delivered online job's items move to the configured item status (dispatched or collected by
 * customer); refunded items (quantity −1) stay as they are. Answers how many items moved.
 */
export async function moveDeliveredOnlineJobItems(tx: Db, orderId: number, slug: string): Promise<number> {
  const [order] = await tx.select({ channelId: orders.channelId }).from(orders).where(eq(orders.id, orderId));
  if (order?.channelId !== ONLINE_CHANNEL_ID) return 0;
  const [status] = await itemStatusBySlug(tx, slug);
  if (!status) return 0;
  const before = await itemsNotAtStatus(tx, orderId, status.id);
  if (!before.length) return 0;
  await tx
    .update(orderItems)
    .set({ dispenseStatusId: status.id, updatedAt: new Date() })
    .where(
      inArray(
        orderItems.id,
        before.map((i) => i.id),
      ),
    );
  // The carrier moved them, so the timeline says System did.
  await recordJobEvents(
    tx,
    before.map((i) => ({
      orderId,
      orderItemId: i.id,
      kind: "item_status" as const,
      fromValue: i.name,
      toValue: status.name,
      staffUserId: null,
    })),
  );
  return before.length;
}
