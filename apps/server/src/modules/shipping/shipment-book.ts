import { type DeliveryInstruction, PARCEL_DEFAULTS, type Receiver, shippingMessages } from "@loupe/domain";
import { and, eq, inArray } from "drizzle-orm";
import { type Courier, CourierError, type OrderRequest } from "../../integrations/couriers";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { lockJob } from "../jobs";
import type { ShipmentAddresses } from "./shipment-addresses";
import { recordShipmentMove } from "./shipment-moves";
import { nextAttempt, type ShipmentReads } from "./shipment-reads";
import { jobInvoiceAndTotal, jobShipmentStatusForUpdate } from "./shipping.queries";
import { type ShipmentState, shipments } from "./shipping.tables";
import { LIVE, SHIPPED, type ShippingDeps } from "./shipping-deps";

export interface ParcelInput {
  order_id: number;
  sender_outlet_id: number;
  product_id: string;
  weight: number;
  width: number;
  height: number;
  length: number;
  quantity: number;
  receiver: Receiver;
  idempotency_key: string;
  delivery_instruction: DeliveryInstruction;
  volume?: number;
  value?: number;
  description?: string;
  country_of_origin?: string;
  pickup_date?: string;
}

// Booking a parcel with Australia Post or Sendle: the attempt row claimed before the carrier is
// called (ADR 0012), the carrier called with no transaction open, then the booking recorded.

export function createShipmentBook(
  deps: ShippingDeps,
  { senderOutlet, australianSender, receiverAddress, requireCustoms }: ShipmentAddresses,
  { courierOf, loadShipment, wire, settled }: ShipmentReads,
) {
  const { db, couriers, pollEveryMs, stalePendingMs } = deps;

  type Claim = { id: number; redrive: boolean } | { done: number };
  /**
   * Books the attempt row before the carrier is called, in one short transaction with the job
   * locked: a retry with the same key finds its attempt; a second Confirm for a shipped job is
   * refused; a timed-out attempt is taken back up (with its own carrier key).
   */
  async function claimAttempt(
    staff: StaffUserRow,
    input: ParcelInput,
    courier: Courier,
    request: OrderRequest,
  ): Promise<Claim> {
    return db.transaction(async (tx) => {
      const [order] = await jobShipmentStatusForUpdate(tx, input.order_id);
      if (!order) throw notFound("Order");
      const [same] = await tx
        .select()
        .from(shipments)
        .where(eq(shipments.idempotencyKey, input.idempotency_key));
      if (same && same.orderId !== input.order_id)
        throw validationError({ idempotency_key: ["This key belongs to another job's shipment."] });
      const [live] = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, input.order_id), inArray(shipments.state, LIVE)));
      if (same && (!live || live.id !== same.id)) return { done: same.id };
      // A job shipped before this module kept attempts (or by hand) has no live row but is shipped.
      if (!live && order.shipmentStatus !== "not_created")
        throw new AppError("conflict", shippingMessages.alreadyShipped);
      if (live) {
        if (SHIPPED.includes(live.state)) {
          if (live.id === same?.id) return { done: live.id };
          throw new AppError("conflict", shippingMessages.alreadyShipped);
        }
        // A pending attempt older than any carrier call can take was cut short (a crash, a
        // restart): it is as uncertain as a timeout, so it is taken up again like one.
        const abandoned = live.state === "pending" && Date.now() - live.updatedAt.getTime() > stalePendingMs;
        if (live.state === "pending" && !abandoned) {
          if (live.id === same?.id) return { done: live.id };
          throw new AppError("conflict", shippingMessages.orderInProgress);
        }
        // unknown: the carrier may or may not have booked it; retry it with the attempt's own key.
        await tx
          .update(shipments)
          .set({ state: "pending", updatedAt: new Date() })
          .where(and(eq(shipments.id, live.id), eq(shipments.state, live.state)));
        return { id: live.id, redrive: true };
      }
      const next = await nextAttempt(tx, input.order_id);
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId: input.order_id,
          attempt: next,
          idempotencyKey: input.idempotency_key,
          state: "pending",
          courier: courier.name,
          company: courier.company,
          productId: input.product_id,
          senderOutletId: input.sender_outlet_id,
          request: request as unknown as Record<string, unknown>,
          createdBy: staff.id,
        })
        .returning({ id: shipments.id });
      return { id: row.id, redrive: false };
    });
  }

  async function book(staff: StaffUserRow, input: ParcelInput, courier: Courier) {
    const sender = await australianSender(input.sender_outlet_id);
    requireCustoms(input.receiver, input.description, input.country_of_origin);
    const [order] = await jobInvoiceAndTotal(db, input.order_id);
    if (!order) throw notFound("Order");
    const request: OrderRequest = {
      sender,
      receiver: receiverAddress(input.receiver),
      parcel: {
        length: input.length,
        width: input.width,
        height: input.height,
        weight: input.weight,
        volume: input.volume ?? 0,
        quantity: input.quantity,
      },
      deliveryInstruction: input.delivery_instruction,
      productId: input.product_id,
      reference: order.invoice,
      description: input.description?.trim() || PARCEL_DEFAULTS.description,
      value: input.value ?? Math.floor(order.total / 100),
      countryOfOrigin: input.country_of_origin?.trim() || PARCEL_DEFAULTS.countryOfOrigin,
      pickupDate: input.pickup_date,
    };
    const claim = await claimAttempt(staff, input, courier, request);
    if ("done" in claim) {
      const row = await settled(claim.done);
      if (SHIPPED.includes(row.state)) return wire(row.id);
      if (row.state === "failed")
        throw new AppError("validation_failed", row.lastError ?? "Error", {
          errors: [row.lastError ?? "Error"],
        });
      throw new AppError("upstream_failed", shippingMessages.courierUnavailable(row.company), {
        errors: [row.lastError ?? ""],
      });
    }
    const attempt = await loadShipment(claim.id);
    // A re-driven attempt goes back to the courier it was first sent to, whatever was chosen now.
    const carrier = claim.redrive ? (courierOf(attempt.courier) ?? courier) : courier;
    // The carrier is called with no transaction open; the attempt's key makes a repeat harmless.
    const saved = attempt.request as unknown as OrderRequest;
    let booked: Awaited<ReturnType<Courier["createOrder"]>>;
    try {
      booked = await carrier.createOrder(
        claim.redrive && saved?.parcel ? saved : request,
        attempt.idempotencyKey,
      );
    } catch (err) {
      const ce = err instanceof CourierError ? err : null;
      const state: ShipmentState = ce?.kind === "rejected" ? "failed" : "unknown";
      const message = ce?.message ?? "The courier call failed.";
      await db
        .update(shipments)
        .set({ state, lastError: [message, ...(ce?.errors ?? [])].join(" · "), updatedAt: new Date() })
        .where(and(eq(shipments.id, attempt.id), eq(shipments.state, "pending")));
      if (state === "failed")
        throw new AppError("validation_failed", message, {
          errors: ce?.errors.length ? ce.errors : [message],
        });
      throw new AppError("upstream_failed", shippingMessages.courierUnavailable(carrier.company), {
        errors: [message],
      });
    }
    await db.transaction(async (tx) => {
      await lockJob(tx as unknown as Db, attempt.orderId);
      const [row] = await tx
        .update(shipments)
        .set({
          state: "created",
          productName: booked.productName,
          trackingNumber: booked.trackingNumber,
          trackingUrl: booked.trackingUrl,
          carrierOrderId: booked.carrierOrderId,
          carrierReference: booked.carrierReference,
          priceMinor: booked.price == null ? null : Math.round(booked.price * 100),
          lastError: null,
          nextPollAt: carrier.tracks ? new Date(Date.now() + pollEveryMs) : null,
          updatedAt: new Date(),
        })
        .where(and(eq(shipments.id, attempt.id), eq(shipments.state, "pending")))
        .returning();
      if (!row) return;
      await recordShipmentMove(
        tx,
        row,
        "created",
        `${carrier.company} ${booked.productName} booked by ${staff.firstName} ${staff.lastName}`.trim(),
        staff.id,
      );
    });
    return wire(attempt.id);
  }

  return {
    async createAuPostOrder(staff: StaffUserRow, input: ParcelInput & { selected_outlet_id: number }) {
      const { countryCode } = await senderOutlet(input.selected_outlet_id);
      if (countryCode !== "AU") throw new AppError("forbidden", shippingMessages.notAustralian);
      return book(staff, input, couriers.aupost);
    },

    async createSendleOrder(staff: StaffUserRow, input: ParcelInput) {
      if (!couriers.sendle) throw new AppError("bad_request", shippingMessages.courierOff("Sendle"));
      return book(staff, input, couriers.sendle);
    },
  };
}
