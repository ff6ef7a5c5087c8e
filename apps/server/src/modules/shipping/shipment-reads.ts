import type { ShipmentWire } from "@loupe/contract";
import { eq, sql } from "drizzle-orm";
import type { Courier } from "../../integrations/couriers";
import type { Db } from "../../platform/db/client";
import { toShipmentWire } from "./shipping.mappers";
import { jobShipment } from "./shipping.queries";
import { shipments } from "./shipping.tables";
import { type ShippingDeps, sleep } from "./shipping-deps";

/** The job's next attempt number (unique per job with it), read with the job locked. */
export async function nextAttempt(tx: { select: Db["select"] }, orderId: number): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${shipments.attempt}), 0)::int + 1` })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  return next;
}

// A shipment as the screens read it, the courier it was booked with, and a wait for another
// request's carrier call to settle.

export function createShipmentReads(deps: ShippingDeps) {
  const { db, couriers, config } = deps;

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

  return { courierOf, loadShipment, wire, settled };
}
export type ShipmentReads = ReturnType<typeof createShipmentReads>;
