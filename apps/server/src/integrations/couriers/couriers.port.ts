import type { DeliveryInstruction } from "@loupe/domain";

export interface CourierAddress {
  name: string;
  lines: string[];
  suburb: string;
  state: string;
  postcode: string;
  /** ISO 3166 alpha-2, e.g. AU. */
  country: string;
  phone?: string | null;
  email?: string | null;
}

export interface Parcel {
  /** Per box, in cm and kg; `quantity` boxes of the same size. */
  length: number;
  width: number;
  height: number;
  weight: number;
  /** Cubic metres per box (0 when unknown). */
  volume: number;
  quantity: number;
}

export interface QuoteRequest {
  sender: CourierAddress;
  receiver: CourierAddress;
  parcel: Parcel;
  deliveryInstruction: DeliveryInstruction;
}

export interface CourierQuote {
  productId: string;
  productName: string;
  price: number | null;
  message: string;
  errors: string[];
  deliveryEstimate: [string, string] | null;
  deliveryInstructions: string[];
}

export interface OrderRequest extends QuoteRequest {
  productId: string;
  /** Our reference for the booking (job invoice number), printed on the label. */
  reference: string;
  description: string;
  value: number;
  countryOfOrigin: string;
  pickupDate?: string;
}

export interface CourierOrder {
  carrierOrderId: string;
  trackingNumber: string;
  trackingUrl: string | null;
  carrierReference: string | null;
  productName: string;
  price: number | null;
}

export type TrackingStatus = "created" | "in_transit" | "delivered";
export interface TrackingResult {
  trackingNumber: string;
  status: TrackingStatus;
  events: { description: string; occurredAt: string }[];
}

/** An end-of-day manifest: the carrier's order of the day's shipments and its summary PDF. */
export interface CourierManifest {
  carrierOrderId: string;
  /** The carrier's order summary (null when the carrier has none: the local courier). */
  summaryPdf: Buffer | null;
}

/**
 * Why a carrier call failed. `rejected`: the carrier said no (bad address, weight…), final for this
 * attempt. `unavailable`: it failed or timed out, and may have booked anyway, so the attempt stays
 * retryable with the same idempotency key.
 */
export class CourierError extends Error {
  constructor(
    readonly kind: "rejected" | "unavailable",
    message: string,
    readonly errors: string[] = [],
    readonly status?: number,
  ) {
    super(message);
    this.name = "CourierError";
  }
}

/** A carrier: quotes, books with an idempotency key, prints, cancels and tracks. */
export interface Courier {
  readonly name: "local" | "auspost" | "sendle";
  /** What the job shows as the shipment's company. */
  readonly company: string;
  /** Which of the spec's quote sections and order calls this courier answers. */
  readonly productType: "aupost" | "sendle";
  readonly tracks: boolean;
  quote(request: QuoteRequest): Promise<CourierQuote[]>;
  /** Booking twice with the same key answers the first booking. */
  createOrder(request: OrderRequest, idempotencyKey: string): Promise<CourierOrder>;
  label(order: { carrierOrderId: string; trackingNumber: string }): Promise<Buffer>;
  cancel(carrierOrderId: string): Promise<void>;
  track(trackingNumbers: string[]): Promise<TrackingResult[]>;
  /**
   * Closes the day: puts the booked shipments (carrier order ids) on one carrier order under our
   * reference, which is unique per outlet and day, so a repeat answers the first order. Couriers
   * without manifests (Sendle books pickups) leave it out.
   */
  manifest?(carrierOrderIds: string[], reference: string): Promise<CourierManifest>;
}

/** fetch with a deadline: a carrier that does not answer in time is `unavailable`, never a hang. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  carrier: string,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError";
    throw new CourierError(
      "unavailable",
      timedOut ? `${carrier} did not answer within ${timeoutMs} ms.` : `${carrier} could not be reached.`,
    );
  }
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}
