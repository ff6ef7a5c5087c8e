import type { ManifestWire, ShipmentWire } from "@loupe/contract";
import { canCancelShipment, type ShipmentStatus } from "@loupe/domain";
import type { ShipmentState, shipmentEvents, shipments, shippingManifests } from "./shipping.tables";

type Row = typeof shipments.$inferSelect;
type EventRow = typeof shipmentEvents.$inferSelect;

/** What the job shows for a shipment row: attempts that did not go through show as not created. */
export const jobStatusOf = (state: ShipmentState): ShipmentStatus =>
  state === "created" || state === "in_transit" || state === "delivered" ? state : "not_created";

/** The columns a shipment's wire shows (the job detail's statement reads only these). */
export type WireRow = Pick<
  Row,
  | "id"
  | "orderId"
  | "attempt"
  | "state"
  | "courier"
  | "company"
  | "productId"
  | "productName"
  | "trackingNumber"
  | "trackingUrl"
  | "carrierOrderId"
  | "carrierReference"
  | "manifestedAt"
  | "lastError"
  | "idempotencyKey"
  | "createdAt"
>;

export function toShipmentWire(
  row: WireRow,
  events: Pick<EventRow, "status" | "description" | "occurredAt">[] = [],
  manifestOrderId: string | null = null,
): ShipmentWire {
  return {
    id: row.id,
    order_id: row.orderId,
    attempt: row.attempt,
    state: row.state,
    status: jobStatusOf(row.state),
    courier: row.courier,
    company: row.company,
    product_id: row.productId,
    product_name: row.productName,
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    carrier_order_id: row.carrierOrderId,
    carrier_reference: row.carrierReference,
    has_label:
      row.courier !== "manual" && row.carrierOrderId != null && jobStatusOf(row.state) !== "not_created",
    can_cancel: canCancelShipment({ state: row.state, manifested: row.manifestedAt != null }),
    manifest_order_id: manifestOrderId,
    manifested_at: row.manifestedAt?.toISOString() ?? null,
    last_error: row.lastError,
    idempotency_key: row.idempotencyKey,
    created_at: row.createdAt.toISOString(),
    events: events.map((e) => ({
      status: e.status,
      description: e.description,
      occurred_at: e.occurredAt.toISOString(),
    })),
  };
}

export function toManifestWire(row: typeof shippingManifests.$inferSelect): ManifestWire {
  return {
    id: row.id,
    courier: row.courier,
    sender_outlet_id: row.senderOutletId,
    manifest_date: row.manifestDate,
    state: row.state,
    carrier_order_id: row.carrierOrderId,
    shipment_count: row.shipmentCount,
    has_summary: row.summaryPdf != null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}
