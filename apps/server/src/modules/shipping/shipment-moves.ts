import type { ShipmentEventStatus } from "@loupe/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { recordJobShipment } from "../jobs";
import { shipmentEvents, type shipments } from "./shipping.tables";

/**
 * A shipment's move, inside the transaction that makes it: its own event (with the carrier's or
 * staff's words) and the job's shipment fields and timeline entry.
 */
export async function recordShipmentMove(
  tx: unknown,
  row: typeof shipments.$inferSelect,
  status: ShipmentEventStatus,
  description: string,
  staffId: number | null,
): Promise<void> {
  const db = tx as Db;
  await db.insert(shipmentEvents).values({ shipmentId: row.id, orderId: row.orderId, status, description });
  await recordJobShipment(
    db,
    row.orderId,
    { status, company: row.company, trackingId: row.trackingNumber },
    staffId,
  );
}

/**
 * Runs `round` every `seconds` (0 = never), each round after the previous one ended; `stop` waits
 * for the round under way. The background workers of this module (tracking, manifests) use it.
 */
export function repeatEvery(
  seconds: number,
  round: () => Promise<unknown>,
  name: string,
  log?: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || seconds <= 0) return;
    timer = setTimeout(() => {
      running = round()
        .catch((err) => log?.error({ err }, `${name} round failed`))
        .finally(() => {
          running = null;
          schedule();
        });
    }, Math.max(seconds, 1) * 1000);
    timer.unref();
  };
  return {
    start: schedule,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
