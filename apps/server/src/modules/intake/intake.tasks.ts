import type { SalesStores } from "../../integrations/sales";
import type { Queue } from "../../platform/queue/queue";
import { INTAKE_TASKS, type IntakeService } from "./intake.service";

export interface IntakeTaskOptions {
  /** Seconds between syncs of every store (INTAKE_SYNC_SECONDS); 0 registers no schedule. */
  syncSeconds: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The intake's background work on the one queue (ADR 0054): a schedule that queues each store's
 * sync (one task per store, keyed by it, so a store is never synced twice at once and "sync now"
 * joins a queued one), the retry of a sale whose processing failed, and the daily purge.
 */
export function registerIntakeTasks(
  queue: Queue,
  sales: SalesStores,
  service: IntakeService,
  o: IntakeTaskOptions,
) {
  queue.every(INTAKE_TASKS.sync, o.syncSeconds, async () => {
    for (const store of sales.list())
      await queue.enqueue(INTAKE_TASKS.syncStore, { storeKey: store.key }, { key: store.key });
  });
  queue.define(INTAKE_TASKS.syncStore, async ({ payload }) => {
    const store = sales.byKey(String(payload.storeKey));
    if (!store) return;
    // The failure is kept on the store's cursor row for the screen; the next slot tries again, so
    // the task itself ends (a dead sync task would hold its key and block "sync now").
    await service.syncStore(store).catch((err) => {
      o.log.warn({ err, storeKey: store.key }, "intake sync failed");
    });
  });
  queue.define(INTAKE_TASKS.process, async ({ payload }) => {
    await service.processAgain(Number(payload.saleId));
  });
  queue.every(INTAKE_TASKS.purge, 86_400, async () => {
    await service.purge();
  });
}
