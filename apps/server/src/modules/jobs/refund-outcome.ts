import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orderRefunds } from "./jobs.tables";

/** How long a request waits for another request's refund attempt (same key) to finish. */
const WAIT_FOR_OUTCOME_MS = 20_000;

/**
 * Waits (briefly) for another request's attempt to leave `pending`: the full and the partial
 * refund both answer a parallel retry with the first request's outcome.
 */
export async function refundOutcome(db: Db, attemptId: number): Promise<typeof orderRefunds.$inferSelect> {
  const until = Date.now() + WAIT_FOR_OUTCOME_MS;
  for (;;) {
    const [now] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, attemptId));
    if (now.status !== "pending" || Date.now() > until) return now;
    await new Promise((r) => setTimeout(r, 100));
  }
}
