import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { loginThrottle } from "./auth.tables";

/**
 * Counts one attempt against a key in a fixed window and answers the count and the window's start,
 * in one statement, so parallel attempts cannot all read "0 so far" before any of them is counted.
 * Sign-in, password resets and the customer's pages (ADR 0001, 0055) each use their own key prefix.
 */
export async function countInWindow(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; since: Date }> {
  const windowStart = new Date(Date.now() - windowMs);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: new Date() })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures, since: loginThrottle.windowStartedAt });
  return row;
}
