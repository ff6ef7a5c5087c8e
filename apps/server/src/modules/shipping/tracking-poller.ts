import { isForwardMove, type ShipmentStatus } from "@loupe/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Courier, Couriers } from "../../integrations/couriers";
import type { Database, Db } from "../../platform/db/client";
import { lockJob, moveDeliveredOnlineJobItems } from "../jobs";
import { recordShipmentMove } from "./shipment-moves";
import { shipments } from "./shipping.tables";

interface Claimed {
  id: number;
  order_id: number;
  courier: string;
  state: "created" | "in_transit";
  tracking_number: string;
}

export interface TrackingPoller {
  /** One round: claims due shipments, asks their carriers, records forward moves. Answers how many moved. */
  pollOnce(): Promise<number>;
}

/**
 * The tracking worker: a poller on the database, no extra service. Each round claims due
 * shipments in one statement (`FOR UPDATE SKIP LOCKED` inside an UPDATE that pushes their next
 * poll time), so several server processes share the work without asking twice; the carriers are
 * asked after that statement has committed, never inside a transaction. The queue runs a round
 * every TRACKING_POLL_SECONDS (ADR 0054); a shipment waits that long between polls.
 */
export function createTrackingPoller(options: {
  database: Database;
  couriers: Couriers;
  intervalSeconds: number;
  deliveredItemStatus: "none" | "dispatched" | "collected-by-customer";
  log?: FastifyBaseLogger;
  batchSize?: number;
}): TrackingPoller {
  const { database, couriers } = options;
  const byName = new Map<string, Courier>();
  for (const c of [couriers.aupost, couriers.sendle]) if (c?.tracks) byName.set(c.name, c);
  const every = Math.max(options.intervalSeconds, 1);

  async function pollOnce(): Promise<number> {
    if (!byName.size) return 0;
    const names = [...byName.keys()];
    const claimed = await database.query<Claimed>(
      `update shipments set next_poll_at = now() + make_interval(secs => $1)
        where id in (
          select id from shipments
           where state in ('created', 'in_transit') and next_poll_at <= now() and courier = any($2)
             and tracking_number is not null
           order by next_poll_at limit $3
           for update skip locked)
        returning id, order_id, courier, state, tracking_number`,
      [every, names, options.batchSize ?? 25],
    );
    let moved = 0;
    for (const name of names) {
      const mine = claimed.filter((c) => c.courier === name);
      if (!mine.length) continue;
      let results: Awaited<ReturnType<Courier["track"]>>;
      try {
        results = await byName.get(name)!.track(mine.map((c) => c.tracking_number));
      } catch (err) {
        options.log?.warn({ err, courier: name }, "tracking poll failed");
        continue;
      }
      for (const result of results) {
        const shipment = mine.find((c) => c.tracking_number === result.trackingNumber);
        if (!shipment || !isForwardMove(shipment.state, result.status)) continue;
        if (await advance(shipment, result.status, result.events.at(-1)?.description)) moved++;
      }
    }
    return moved;
  }

  async function advance(s: Claimed, to: ShipmentStatus, description?: string) {
    return database.db.transaction(async (tx) => {
      await lockJob(tx as unknown as Db, s.order_id);
      const [row] = await tx
        .update(shipments)
        .set({
          state: to as "in_transit" | "delivered",
          nextPollAt: to === "delivered" ? null : undefined,
          updatedAt: new Date(),
        })
        .where(and(eq(shipments.id, s.id), eq(shipments.state, s.state)))
        .returning();
      if (!row) return false;
      await recordShipmentMove(
        tx,
        row,
        to as "in_transit" | "delivered",
        description ?? (to === "delivered" ? "Delivered" : "In transit"),
        null,
      );
      if (to === "delivered" && options.deliveredItemStatus !== "none")
        await moveDeliveredOnlineJobItems(tx as unknown as Db, row.orderId, options.deliveredItemStatus);
      return true;
    });
  }

  return { pollOnce };
}
