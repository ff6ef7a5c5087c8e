import { randomInt } from "node:crypto";
import {
  addBusinessDays,
  DEFAULT_RATE_CARD,
  type DeliveryInstruction,
  quoteRateCard,
  type RateCard,
  zoneFor,
} from "@loupe/domain";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import {
  type Courier,
  CourierError,
  type CourierOrder,
  type OrderRequest,
  type TrackingResult,
} from "./couriers.port";
import { renderLabelPdf } from "./label-pdf";
import { localCourierOrders } from "./local.tables";

const COMPANY = "LOUPE COURIER";
const HOUR = 3_600_000;

/**
 * The default courier: quotes from a rate card (products, prices by weight and zone, business
 * days), books into its own table, prints a real label. Tracking is simulated from the booking
 * time: in transit after an hour, delivered once the latest estimated business day has passed.
 */
export function createLocalCourier(
  db: Db,
  options: { rateCard?: RateCard; now?: () => Date; publicUrl: string },
): Courier {
  const card = options.rateCard ?? DEFAULT_RATE_CARD;
  const now = options.now ?? (() => new Date());
  const trackingUrl = (n: string) => `${options.publicUrl}/track/${n}`;
  const toOrder = (row: typeof localCourierOrders.$inferSelect): CourierOrder => ({
    carrierOrderId: row.orderId,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.trackingNumber),
    carrierReference: null,
    productName: row.productName,
    price: row.priceMinor / 100,
  });
  const quoteFor = (r: Pick<OrderRequest, "sender" | "receiver" | "parcel" | "deliveryInstruction">) =>
    quoteRateCard(
      card,
      {
        from: r.sender,
        to: r.receiver,
        weight: r.parcel.weight,
        volume: r.parcel.volume,
        quantity: r.parcel.quantity,
        delivery_instruction: r.deliveryInstruction,
      },
      now(),
    );

  return {
    name: "local",
    company: COMPANY,
    productType: "aupost",
    tracks: true,
    async quote(request) {
      return quoteFor(request).map((q) => ({
        productId: q.product_id,
        productName: q.product_name,
        price: q.price,
        message: q.message,
        errors: q.errors,
        deliveryEstimate: q.delivery_estimate,
        deliveryInstructions: q.delivery_instructions,
      }));
    },
    async createOrder(request, idempotencyKey) {
      const [existing] = await db
        .select()
        .from(localCourierOrders)
        .where(eq(localCourierOrders.idempotencyKey, idempotencyKey));
      if (existing) return toOrder(existing);
      const quote = quoteFor(request).find((q) => q.product_id === request.productId);
      if (!quote)
        throw new CourierError("rejected", "Unknown product", [`product_id: ${request.productId}`], 422);
      if (quote.price == null) throw new CourierError("rejected", quote.message, quote.errors, 422);
      const trackingNumber = `LPC${String(randomInt(10 ** 9, 10 ** 10))}AU`;
      const [row] = await db
        .insert(localCourierOrders)
        .values({
          orderId: `LC-${trackingNumber.slice(3, 13)}`,
          idempotencyKey,
          trackingNumber,
          productId: quote.product_id,
          productName: quote.product_name,
          request: request as unknown as Record<string, unknown>,
          priceMinor: Math.round(quote.price * 100),
        })
        .onConflictDoNothing({ target: localCourierOrders.idempotencyKey })
        .returning();
      if (row) return toOrder(row);
      const [first] = await db
        .select()
        .from(localCourierOrders)
        .where(eq(localCourierOrders.idempotencyKey, idempotencyKey));
      return toOrder(first);
    },
    async label({ carrierOrderId }) {
      const [row] = await db
        .select()
        .from(localCourierOrders)
        .where(eq(localCourierOrders.orderId, carrierOrderId));
      if (!row) throw new CourierError("rejected", "No such order", [], 404);
      if (row.status === "cancelled") throw new CourierError("rejected", "The order was cancelled", [], 409);
      const r = row.request as unknown as OrderRequest;
      return renderLabelPdf({
        carrier: COMPANY,
        productName: row.productName,
        trackingNumber: row.trackingNumber,
        reference: r.reference,
        sender: r.sender,
        receiver: r.receiver,
        parcel: r.parcel,
        deliveryInstruction: r.deliveryInstruction as DeliveryInstruction,
        createdAt: row.createdAt,
      });
    },
    async cancel(carrierOrderId) {
      const [row] = await db
        .update(localCourierOrders)
        .set({ status: "cancelled" })
        .where(eq(localCourierOrders.orderId, carrierOrderId))
        .returning();
      if (!row) throw new CourierError("rejected", "No such order", [], 404);
    },
    // Nothing to hand over: the local courier has no end-of-day lodgement. The manifest still gets
    // an order id, so the shipments and the day are recorded as for a carrier.
    async manifest(_carrierOrderIds, reference) {
      return { carrierOrderId: `LM-${reference}`, summaryPdf: null };
    },
    async track(trackingNumbers) {
      if (!trackingNumbers.length) return [];
      const rows = await db
        .select()
        .from(localCourierOrders)
        .where(inArray(localCourierOrders.trackingNumber, trackingNumbers));
      const at = now().getTime();
      return rows
        .filter((r) => r.status === "booked")
        .map((row): TrackingResult => {
          const r = row.request as unknown as OrderRequest;
          const latest = card.products.find((p) => p.product_id === row.productId)?.days[
            zoneFor(r.sender, r.receiver)
          ]?.[1];
          const booked = row.createdAt.getTime();
          const deliveredAt = addBusinessDays(row.createdAt, latest ?? 5).getTime() + 18 * HOUR;
          const events = [{ description: "Booked", occurredAt: row.createdAt.toISOString() }];
          if (at >= booked + HOUR)
            events.push({ description: "In transit", occurredAt: new Date(booked + HOUR).toISOString() });
          if (at >= deliveredAt)
            events.push({ description: "Delivered", occurredAt: new Date(deliveredAt).toISOString() });
          return {
            trackingNumber: row.trackingNumber,
            status: at >= deliveredAt ? "delivered" : at >= booked + HOUR ? "in_transit" : "created",
            events,
          };
        });
    },
  };
}
