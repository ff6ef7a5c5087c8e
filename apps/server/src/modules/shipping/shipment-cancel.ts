import type { ShipmentWire } from "@loupe/contract";
import { canCancelShipment, shippingMessages } from "@loupe/domain";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { CourierError } from "../../integrations/couriers";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { lockJob } from "../jobs";
import { recordShipmentMove } from "./shipment-moves";
import type { ShipmentReads } from "./shipment-reads";
import { shipments } from "./shipping.tables";
import { SHIPPED, type ShippingDeps, sleep } from "./shipping-deps";

// Cancelling a job's shipment with its carrier, exactly once.

export function createShipmentCancel(deps: ShippingDeps, { courierOf, loadShipment, wire }: ShipmentReads) {
  const { db, config, stalePendingMs } = deps;

  return {
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
  };
}
