import { randomUUID } from "node:crypto";
import type { CourierOptionWire, ShipmentWire } from "@loupe/contract";
import {
  canCancelShipment,
  type DeliveryInstruction,
  isDomestic,
  isHttpsUrl,
  PARCEL_DEFAULTS,
  type Receiver,
  shippingMessages,
} from "@loupe/domain";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import {
  type Courier,
  type CourierAddress,
  CourierError,
  type Couriers,
  type OrderRequest,
} from "../../integrations/couriers";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { lockJob } from "../jobs";
import { orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";
import { recordShipmentMove } from "./shipment-moves";
import { toShipmentWire } from "./shipping.mappers";
import { jobShipment } from "./shipping.queries";
import { type ShipmentState, shipments } from "./shipping.tables";

const LIVE: ShipmentState[] = ["pending", "unknown", "created", "in_transit", "delivered"];
const SHIPPED: ShipmentState[] = ["created", "in_transit", "delivered"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The job's next attempt number (unique per job with it), read with the job locked. */
async function nextAttempt(tx: { select: Db["select"] }, orderId: number): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${shipments.attempt}), 0)::int + 1` })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return next;
}

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

export interface QuoteInput {
  aupost: {
    sender_outlet_id: number;
    weight: number;
    width: number;
    height: number;
    length: number;
    quantity: number;
    receiver: Receiver;
    delivery_instruction: DeliveryInstruction;
    volume?: number;
    description?: string;
    country_of_origin?: string;
  };
  sendle: { volume_value: number };
}

export function createShippingService({
  database,
  couriers,
  config,
}: {
  database: Database;
  couriers: Couriers;
  config: Config;
}) {
  const db = database.db;
  const pollEveryMs = Math.max(config.TRACKING_POLL_SECONDS, 60) * 1000;
  const stalePendingMs = config.COURIER_TIMEOUT_MS * 2 + 30_000;

  async function senderOutlet(outletId: number) {
    const [row] = await db
      .select({ outlet: outlets, countryCode: regions.countryCode })
      .from(outlets)
      .innerJoin(regions, eq(regions.id, outlets.regionId))
      .where(eq(outlets.id, outletId));
    if (!row) throw validationError({ sender_outlet_id: ["The selected pickup location is invalid."] });
    return row;
  }
  /** Couriers here book from Australian outlets only (§6: the button is for AU users). */
  async function australianSender(outletId: number): Promise<CourierAddress> {
    const { outlet, countryCode } = await senderOutlet(outletId);
    if (countryCode !== "AU") throw new AppError("forbidden", shippingMessages.notAustralian);
    return {
      name: outlet.name,
      lines: [outlet.address1, outlet.address2].filter((l): l is string => Boolean(l)),
      suburb: outlet.suburb ?? outlet.city ?? "",
      state: outlet.state ?? "",
      postcode: outlet.postcode ?? "",
      country: "AU",
      phone: outlet.phone,
      email: outlet.email,
    };
  }
  const receiverAddress = (r: Receiver): CourierAddress => ({
    ...r,
    country: isDomestic(r.country) ? "AU" : r.country.trim().toUpperCase(),
    state: r.state ?? "",
  });
  function requireCustoms(receiver: Receiver, description?: string, countryOfOrigin?: string) {
    if (isDomestic(receiver.country)) return;
    const errors: Record<string, string[]> = {};
    if (!description?.trim()) errors.description = ["The description field is required."];
    if (!countryOfOrigin?.trim()) errors.country_of_origin = ["The country of origin field is required."];
    if (Object.keys(errors).length) throw validationError(errors);
  }
  const courierOf = (courier: ShipmentWire["courier"]): Courier | null =>
    courier === "sendle" ? couriers.sendle : couriers.aupost.name === courier ? couriers.aupost : null;

  async function loadShipment(id: number) {
    const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
    return row;
  }
  async function wire(id: number) {
    const row = await loadShipment(id);
    return (await jobShipment(db, row.orderId)) ?? toShipmentWire(row);
  }

  /** Waits for another request's carrier call on the same attempt to settle. */
  async function settled(id: number) {
    const deadline = Date.now() + config.COURIER_TIMEOUT_MS + 5000;
    for (;;) {
      const row = await loadShipment(id);
      if (row.state !== "pending" || Date.now() > deadline) return row;
      await sleep(150);
    }
  }

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
      const [order] = await tx
        .select({ id: orders.id, shipmentStatus: orders.shipmentStatus })
        .from(orders)
        .where(eq(orders.id, input.order_id))
        .for("update");
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
    const [order] = await db
      .select({ invoice: orders.vendInvoiceNumber, total: orders.totalAmountMinor })
      .from(orders)
      .where(eq(orders.id, input.order_id));
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
    /** Courier options from every configured courier (§7); a courier that fails shows as a disabled option. */
    async quote(input: QuoteInput): Promise<CourierOptionWire[]> {
      const a = input.aupost;
      const sender = await australianSender(a.sender_outlet_id);
      requireCustoms(a.receiver, a.description, a.country_of_origin);
      const request = {
        sender,
        receiver: receiverAddress(a.receiver),
        parcel: {
          length: a.length,
          width: a.width,
          height: a.height,
          weight: a.weight,
          volume: a.volume ?? input.sendle.volume_value ?? 0,
          quantity: a.quantity,
        },
        deliveryInstruction: a.delivery_instruction,
      };
      const asked = [couriers.aupost, couriers.sendle].filter((c): c is Courier => c !== null);
      const answers = await Promise.allSettled(asked.map((c) => c.quote(request)));
      const options: CourierOptionWire[] = [];
      const failures: Record<string, string[]> = {};
      answers.forEach((answer, i) => {
        const c = asked[i];
        if (answer.status === "fulfilled") {
          for (const q of answer.value)
            options.push({
              product_id: q.productId,
              product_type: c.productType,
              product_name: `${q.productName}`,
              price: q.price,
              message: q.message,
              errors: q.errors,
              delivery_estimate: q.deliveryEstimate,
              delivery_instructions: q.deliveryInstructions,
            });
          return;
        }
        const e = answer.reason;
        const list =
          e instanceof CourierError ? [e.message, ...e.errors] : ["The courier could not be asked."];
        failures[c.productType] = list;
        options.push({
          product_id: `${c.name}-unavailable`,
          product_type: c.productType,
          product_name: c.company,
          price: null,
          message: list[0],
          errors: list.slice(1),
          delivery_estimate: null,
          delivery_instructions: [],
        });
      });
      if (!options.some((o) => o.errors.length === 0 && o.price != null) && Object.keys(failures).length)
        throw new AppError("upstream_failed", shippingMessages.quoteFailed, failures);
      return options;
    },

    async createAuPostOrder(staff: StaffUserRow, input: ParcelInput & { selected_outlet_id: number }) {
      const { countryCode } = await senderOutlet(input.selected_outlet_id);
      if (countryCode !== "AU") throw new AppError("forbidden", shippingMessages.notAustralian);
      return book(staff, input, couriers.aupost);
    },

    async createSendleOrder(staff: StaffUserRow, input: ParcelInput) {
      if (!couriers.sendle) throw new AppError("bad_request", shippingMessages.courierOff("Sendle"));
      return book(staff, input, couriers.sendle);
    },

    /** Canada: a shipment booked elsewhere, recorded with its https tracking URL (§7). */
    async recordManualShipment(
      staff: StaffUserRow,
      input: {
        tracking_id: string;
        sender_outlet_id: number;
        cargo_company: string;
        order_id: number;
        tracking_number?: string;
      },
    ) {
      const url = String(input.tracking_id ?? "").trim();
      if (!isHttpsUrl(url)) throw validationError({ tracking_id: [shippingMessages.trackingUrl] });
      const company = String(input.cargo_company ?? "").trim();
      if (!company) throw validationError({ cargo_company: ["The carrier field is required."] });
      await senderOutlet(input.sender_outlet_id);
      const parsed = new URL(url);
      const trackingNumber =
        input.tracking_number?.trim() ||
        [...parsed.searchParams.values()].find((v) => /^[A-Za-z0-9-]{6,}$/.test(v)) ||
        parsed.pathname.split("/").filter(Boolean).at(-1) ||
        null;
      const id = await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, shipmentStatus: orders.shipmentStatus })
          .from(orders)
          .where(eq(orders.id, input.order_id))
          .for("update");
        if (!order) throw notFound("Order");
        if (order.shipmentStatus !== "not_created")
          throw new AppError("conflict", shippingMessages.alreadyShipped);
        const [live] = await tx
          .select({ id: shipments.id })
          .from(shipments)
          .where(and(eq(shipments.orderId, input.order_id), inArray(shipments.state, LIVE)));
        if (live) throw new AppError("conflict", shippingMessages.alreadyShipped);
        const next = await nextAttempt(tx, input.order_id);
        const [row] = await tx
          .insert(shipments)
          .values({
            orderId: input.order_id,
            attempt: next,
            idempotencyKey: `manual-${randomUUID()}`,
            state: "created",
            courier: "manual",
            company: company.toUpperCase(),
            senderOutletId: input.sender_outlet_id,
            trackingNumber,
            trackingUrl: parsed.toString(),
            request: { entered_by: staff.id },
            createdBy: staff.id,
          })
          .returning();
        await recordShipmentMove(
          tx,
          row,
          "created",
          `Entered by ${staff.firstName} ${staff.lastName}`.trim(),
          staff.id,
        );
        return row.id;
      });
      return wire(id);
    },

    /**
     * Cancels a job's shipment with its carrier (id: the job), exactly once: one short transaction
     * marks the request (a second click finds it marked and waits for the first one's answer), the
     * carrier is asked with no transaction open, and a second transaction records the cancel on the
     * shipment, the job (which may then ship again) and its timeline.
     */
    async cancel(staff: StaffUserRow, orderId: number): Promise<ShipmentWire> {
      type CancelClaim = { done: number } | { wait: number } | { id: number };
      const claim = await db.transaction(async (tx): Promise<CancelClaim> => {
        if (!(await lockJob(tx as unknown as Db, orderId))) throw notFound("Order");
        const [row] = await tx
          .select()
          .from(shipments)
          .where(eq(shipments.orderId, orderId))
          .orderBy(desc(shipments.attempt))
          .limit(1);
        if (row?.state === "cancelled") return { done: row.id };
        if (!row || !SHIPPED.includes(row.state)) throw notFound("Shipment");
        const asked = row.cancelRequestedAt;
        if (asked && Date.now() - asked.getTime() <= stalePendingMs) return { wait: row.id };
        // Conditional, so a manifest that took the shipment a moment ago wins (it does not lock the job).
        const [stamped] = await tx
          .update(shipments)
          .set({ cancelRequestedAt: new Date(), cancelledBy: staff.id })
          .where(
            and(
              eq(shipments.id, row.id),
              row.state === "created" ? isNull(shipments.manifestId) : undefined,
              asked ? eq(shipments.cancelRequestedAt, asked) : isNull(shipments.cancelRequestedAt),
            ),
          )
          .returning();
        if (!stamped || !canCancelShipment({ state: stamped.state, manifested: stamped.manifestId != null }))
          throw new AppError("conflict", shippingMessages.notCancellable);
        return { id: row.id };
      });
      if ("done" in claim) return wire(claim.done);
      if ("wait" in claim) {
        const deadline = Date.now() + config.COURIER_TIMEOUT_MS + 5000;
        for (;;) {
          const row = await loadShipment(claim.wait);
          if (row.state === "cancelled") return wire(row.id);
          if (!row.cancelRequestedAt || Date.now() > deadline)
            throw new AppError("conflict", shippingMessages.cancelInProgress);
          await sleep(150);
        }
      }
      const row = await loadShipment(claim.id);
      const courier = courierOf(row.courier);
      // A manually entered (Canadian) shipment was booked elsewhere: there is no carrier to ask.
      if (courier && row.carrierOrderId) {
        try {
          await courier.cancel(row.carrierOrderId);
        } catch (err) {
          // 404: the carrier no longer has it (a first cancel got through before we could record it).
          const gone = err instanceof CourierError && err.status === 404;
          if (!gone) {
            await db.update(shipments).set({ cancelRequestedAt: null }).where(eq(shipments.id, row.id));
            if (err instanceof CourierError)
              throw new AppError(err.kind === "rejected" ? "conflict" : "upstream_failed", err.message, {
                errors: err.errors,
              });
            throw err;
          }
        }
      }
      await db.transaction(async (tx) => {
        await lockJob(tx as unknown as Db, row.orderId);
        const [done] = await tx
          .update(shipments)
          .set({ state: "cancelled", nextPollAt: null, updatedAt: new Date() })
          .where(and(eq(shipments.id, row.id), inArray(shipments.state, ["created", "in_transit"])))
          .returning();
        if (!done) return;
        await recordShipmentMove(
          tx,
          done,
          "cancelled",
          `Cancelled by ${staff.firstName} ${staff.lastName}`.trim(),
          staff.id,
        );
      });
      return wire(row.id);
    },

    /** The label PDF of a job's shipment, from its carrier. */
    async label(orderId: number): Promise<{ pdf: Buffer; name: string }> {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, SHIPPED)))
        .orderBy(desc(shipments.attempt));
      if (!row) throw notFound("Shipment");
      const courier = courierOf(row.courier);
      if (!row.carrierOrderId || !row.trackingNumber || !courier)
        throw new AppError("not_found", shippingMessages.labelMissing);
      try {
        const pdf = await courier.label({
          carrierOrderId: row.carrierOrderId,
          trackingNumber: row.trackingNumber,
        });
        return { pdf, name: `label-${row.trackingNumber}.pdf` };
      } catch (err) {
        if (err instanceof CourierError)
          throw new AppError(err.kind === "rejected" ? "conflict" : "upstream_failed", err.message, {
            errors: err.errors,
          });
        throw err;
      }
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
