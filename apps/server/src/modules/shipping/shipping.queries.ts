import type { ShipmentWire } from "@loupe/contract";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { SqlJsonPart } from "../jobs";
import { orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";
import { toShipmentWire, type WireRow } from "./shipping.mappers";
import { shipmentEvents, shipments, shippingManifests } from "./shipping.tables";

/** The states of a shipment that is still the job's (the others are attempts that did not go through). */
const LIVE_STATES = ["pending", "unknown", "created", "in_transit", "delivered"];

/** A job's shipment for its detail: the live one, else its latest attempt (a timed-out one is retryable). */
export async function jobShipment(db: Db, orderId: number): Promise<ShipmentWire | null> {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.attempt));
  const live = rows.find((r) => LIVE_STATES.includes(r.state));
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

type ShipmentJson = {
  row: Omit<WireRow, "createdAt" | "manifestedAt"> & { createdAt: string; manifestedAt: string | null };
  events: { status: string; description: string; occurredAt: string }[];
  manifestOrderId: string | null;
};

/**
 * `jobShipment` as a JSON subselect of the job detail's one statement (`order` names its orders
 * row): the same shipment (live first, then the latest attempt), its events in the same order and
 * its manifest's carrier order id.
 */
export const jobShipmentSql: SqlJsonPart<ShipmentWire | null> = {
  sql: (order) => `(select json_build_object(
      'row', json_build_object('id', s.id, 'orderId', s.order_id, 'attempt', s.attempt, 'state', s.state,
        'courier', s.courier, 'company', s.company, 'productId', s.product_id, 'productName', s.product_name,
        'trackingNumber', s.tracking_number, 'trackingUrl', s.tracking_url, 'carrierOrderId', s.carrier_order_id,
        'carrierReference', s.carrier_reference, 'manifestedAt', s.manifested_at, 'lastError', s.last_error,
        'idempotencyKey', s.idempotency_key, 'createdAt', s.created_at),
      'events', (select coalesce(json_agg(json_build_object('status', e.status, 'description', e.description,
          'occurredAt', e.occurred_at) order by e.occurred_at, e.id), '[]'::json)
        from shipment_events e where e.shipment_id = s.id),
      'manifestOrderId', (select m.carrier_order_id from shipping_manifests m where m.id = s.manifest_id))
    from shipments s where s.order_id = ${order}.id
    order by s.state in (${LIVE_STATES.map((x) => `'${x}'`).join(", ")}) desc, s.attempt desc limit 1)`,
  toWire(json) {
    if (!json) return null;
    const { row, events, manifestOrderId } = json as ShipmentJson;
    return toShipmentWire(
      {
        ...row,
        createdAt: new Date(row.createdAt),
        manifestedAt: row.manifestedAt === null ? null : new Date(row.manifestedAt),
      },
      events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) })),
      manifestOrderId,
    );
  },
};

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
