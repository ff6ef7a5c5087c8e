import type { ShipmentWire } from "@loupe/contract";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";
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

// Reads of the jobs' and the reference tables (the job's shipment status is written by the jobs
// module, recordJobShipment).

/** An outlet with its region's country: where a parcel is picked up. */
export const senderOutletWithCountry = (db: Db, outletId: number) =>
  db
    .select({ outlet: outlets, countryCode: regions.countryCode })
    .from(outlets)
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(outlets.id, outletId));

/** The job's shipment status, its row locked for the caller's transaction. */
export const jobShipmentStatusForUpdate = (tx: { select: Db["select"] }, orderId: number) =>
  tx
    .select({ id: orders.id, shipmentStatus: orders.shipmentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");

/** What a booking names of its job: the invoice (the parcel's reference) and the total (its value). */
export const jobInvoiceAndTotal = (db: Db, orderId: number) =>
  db
    .select({ invoice: orders.vendInvoiceNumber, total: orders.totalAmountMinor })
    .from(orders)
    .where(eq(orders.id, orderId));

/** An outlet with its time zone (a manifest is made at the outlet's end of day). */
export const outletWithTimeZone = (db: Db, outletId: number) =>
  db
    .select({ id: outlets.id, abbreviation: outlets.abbreviation, timeZone: outlets.timeZone })
    .from(outlets)
    .where(eq(outlets.id, outletId));

/** The outlets with a courier's booked shipments no manifest took yet, with their time zones. */
export const outletsWithOpenShipments = (db: Db, courierName: (typeof shipments.$inferSelect)["courier"]) =>
  db
    .selectDistinct({ id: outlets.id, abbreviation: outlets.abbreviation, timeZone: outlets.timeZone })
    .from(shipments)
    .innerJoin(outlets, eq(outlets.id, shipments.senderOutletId))
    .where(
      and(
        eq(shipments.courier, courierName),
        eq(shipments.state, "created"),
        isNull(shipments.manifestId),
        isNull(shipments.cancelRequestedAt),
      ),
    );
