import type { ShipmentWire } from "@loupe/contract";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { toShipmentWire } from "./shipping.mappers";
import { shipmentEvents, shipments, shippingManifests } from "./shipping.tables";

/** A job's shipment for its detail: the live one, else its latest attempt (a timed-out one is retryable). */
export async function jobShipment(db: Db, orderId: number): Promise<ShipmentWire | null> {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.attempt));
  const live = rows.find((r) =>
    ["pending", "unknown", "created", "in_transit", "delivered"].includes(r.state),
  );
  const row = live ?? rows[0];
  if (!row) return null;
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
  const [manifest] = row.manifestId
    ? await db
        .select({ orderId: shippingManifests.carrierOrderId })
        .from(shippingManifests)
        .where(eq(shippingManifests.id, row.manifestId))
    : [];
  return toShipmentWire(row, events, manifest?.orderId ?? null);
}
