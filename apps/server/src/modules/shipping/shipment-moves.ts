import type { ShipmentEventStatus } from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { recordJobShipment } from "../jobs";
import { shipmentEvents, type shipments } from "./shipping.tables";

/**
 * A shipment's move, inside the transaction that makes it: its own event (with the carrier's or
 * staff's words) and the job's shipment fields and timeline entry.
 */
export async function recordShipmentMove(
  tx: unknown,
  row: typeof shipments.$inferSelect,
  status: ShipmentEventStatus,
  description: string,
  staffId: number | null,
): Promise<void> {
  const db = tx as Db;
  await db.insert(shipmentEvents).values({ shipmentId: row.id, orderId: row.orderId, status, description });
  await recordJobShipment(
    db,
    row.orderId,
    { status, company: row.company, trackingId: row.trackingNumber },
    staffId,
  );
}
