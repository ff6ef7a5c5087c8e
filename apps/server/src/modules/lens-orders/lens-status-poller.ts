import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/db/client";
import type { LensOrderRow } from "./lens-orders.mappers";
import type { LensOrdersService } from "./lens-orders.service";

export interface LensStatusPoller {
  /** One round: claims due orders, asks their suppliers, records what moved. Answers how many moved. */
  pollOnce(): Promise<number>;
}

/**
 * The background worker of lens order states (§7 status check, run by itself): a poller on the
 * database, no extra service. One statement claims due placed orders (`FOR UPDATE SKIP LOCKED`
 * inside an UPDATE that pushes their next poll), so several processes share the work; suppliers
 * are asked after it committed, never inside a transaction. The queue runs a round every
 * LENS_STATUS_POLL_SECONDS (ADR 0054).
 */
export function createLensStatusPoller(options: {
  database: Database;
  service: LensOrdersService;
  intervalSeconds: number;
  log?: FastifyBaseLogger;
  batchSize?: number;
  /** Reconciles e-mailed orders whose outbox message was given up while no one was told (issue 33). */
  sweep?: () => Promise<number>;
}): LensStatusPoller {
  const every = Math.max(options.intervalSeconds, 1);
  async function pollOnce(): Promise<number> {
    const swept = (await options.sweep?.()) ?? 0;
    const claimed = await options.database.query<{ id: number }>(
      `update lens_orders set next_poll_at = now() + make_interval(secs => $1)
        where id in (
          select id from lens_orders
           where state = 'placed' and next_poll_at <= now()
           order by next_poll_at limit $2
           for update skip locked)
        returning id`,
      [every, options.batchSize ?? 50],
    );
    if (!claimed.length) return swept;
    const rows = await options.service.rows(claimed.map((c) => Number(c.id)));
    return swept + (await options.service.refresh(rows as LensOrderRow[]));
  }
  return { pollOnce };
}
