import type { Queue } from "../../platform/queue/queue";
import type { OutboxService } from "./outbox.service";

/** The queue's kind that delivers the outbox. */
export const OUTBOX_DELIVERY = "outbox.deliver";

/**
 * Delivers the outbox on the background queue (ADR 0054): a schedule every `seconds`, and at once
 * when a message is queued in this process. A round sends what is due until nothing is; the
 * messages themselves are claimed with SKIP LOCKED (outbox.service.ts), so a message goes once
 * however many processes deliver, and each keeps its own tries and give-up (the Outbox page).
 */
export function registerOutboxDelivery(queue: Queue, outbox: OutboxService, seconds: number): void {
  queue.every(
    OUTBOX_DELIVERY,
    seconds,
    async () => {
      while ((await outbox.deliverDue()) > 0) {}
    },
    { firstAfterSeconds: 0 },
  );
  outbox.onQueued(() => queue.wake(OUTBOX_DELIVERY));
}
