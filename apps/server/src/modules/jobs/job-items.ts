import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orderItems } from "./jobs.tables";

/**
 * An item's `additional_info` replaced, for a module that makes a new selection revision of it
 * inside its own transaction (job-edit's save and its re-entry after a customer change): jobs owns
 * order_items. Without `at`, the time is the transaction's (`now()`), as the save's was.
 */
export async function setItemAdditionalInfo(
  tx: Db,
  itemId: number,
  additionalInfo: Record<string, unknown>,
  at?: Date,
): Promise<void> {
  await tx
    .update(orderItems)
    .set({ additionalInfo, updatedAt: at ?? sql`now()` })
    .where(eq(orderItems.id, itemId));
}
