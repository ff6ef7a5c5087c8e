import type { FastifyBaseLogger } from "fastify";
import type { OutboxService } from "./outbox.service";

export interface OutboxWorker {
  /** Stops polling and waits for the batch being sent (and any other send in flight). */
  stop(): Promise<void>;
}

/**
 * The small loop that delivers the outbox: every `intervalMs`, and at once when a message is
 * queued, it sends what is due until nothing is. The app starts it and stops it on close; several
 * processes may run one each (claims use SKIP LOCKED).
 */
export function startOutboxWorker(
  outbox: OutboxService,
  log: FastifyBaseLogger,
  intervalMs: number,
): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** Woken while a round was running: go again straight after it. */
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (running) {
      again ||= ms === 0;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    timer = null;
    running = (async () => {
      try {
        while (!stopped && (await outbox.deliverDue()) > 0) {}
      } catch (err) {
        log.error({ err }, "outbox worker: delivery round failed");
      }
    })().finally(() => {
      running = null;
      const soon = again;
      again = false;
      schedule(soon ? 0 : intervalMs);
    });
  }

  outbox.onQueued(() => schedule(0));
  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await outbox.settle();
    },
  };
}
