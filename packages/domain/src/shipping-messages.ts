// Shipping's words and a shipment's states (jobs-area §4, §8), apart from the parcel form's schema
// (shipping-rules.ts): the rulebook and the jobs list say them without loading zod.

/** "1 shipment", "3 shipments": how a manifest's size is said everywhere. */
export const shipmentCount = (count: number) => `${count} shipment${count === 1 ? "" : "s"}`;

export const shippingMessages = {
  created: "New shipping order has been successfully created!",
  createOrderErrorTitle: "Create Order Error",
  chooseAddress: "Choose the receiver's address first.",
  chooseCourier: "Choose a courier first.",
  alreadyShipped: "This job already has a shipment.",
  notAustralian: "Shipping orders can be created only by staff of an Australian outlet.",
  trackingUrl: "The tracking URL must be a web address starting with https://",
  quoteFailed: "Couldn't get quotes",
  courierUnavailable: (courier: string) => `${courier} did not answer. The order can be retried.`,
  courierOff: (courier: string) => `${courier} is not configured on this server.`,
  orderInProgress: "A shipping order for this job is already being created. Try again in a moment.",
  labelMissing: "This shipment has no label.",
  cancelled: "The shipment has been cancelled.",
  cancelConfirm: "Cancel this shipment with the courier? The job can then get a new shipping order.",
  notCancellable: "This shipment can no longer be cancelled.",
  cancelInProgress: "This shipment is already being cancelled. Try again in a moment.",
  manifested: (count: number) => `Manifest created for ${shipmentCount(count)}.`,
  nothingToManifest: "There are no shipments to manifest for this outlet today.",
  manifestMadeToday:
    "Today's manifest for this outlet has been made; shipments booked since then go on the next one.",
} as const;

/** Shipment states: a job's shipment moves created → in_transit → delivered (§4, extended by tracking). */
export const SHIPMENT_STATUSES = ["not_created", "created", "in_transit", "delivered"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  not_created: "Not created",
  created: "Created",
  in_transit: "In transit",
  delivered: "Delivered",
};
const ORDER: Record<ShipmentStatus, number> = { not_created: 0, created: 1, in_transit: 2, delivered: 3 };
/** The timeline's words for a shipment's moves (a cancelled shipment leaves the job without one). */
export const SHIPMENT_EVENT_LABELS = {
  created: "created",
  in_transit: "in transit",
  delivered: "delivered",
  cancelled: "cancelled",
} as const;
export type ShipmentEventStatus = keyof typeof SHIPMENT_EVENT_LABELS;

/**
 * Cancel is offered while the carrier can still take the parcel back: booked but not yet on a
 * manifest (a manifested parcel is the carrier's), or in transit (the carrier decides, and its
 * refusal is shown).
 */
export const canCancelShipment = (s: { state: string; manifested: boolean }) =>
  (s.state === "created" && !s.manifested) || s.state === "in_transit";

/** Tracking only moves a shipment forward: a late "in transit" scan never undoes "delivered". */
export const isForwardMove = (from: ShipmentStatus, to: ShipmentStatus) => ORDER[to] > ORDER[from];
