import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { orderItems } from "./jobs.tables";

/**
 * An item's `additional_info` replaced, for a module that makes a new selection revision of it
 * inside its own transaction (job-edit's re-entry after a customer change): jobs owns order_items.
 */
export async function setItemAdditionalInfo(
  tx: Db,
  itemId: number,
  additionalInfo: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.update(orderItems).set({ additionalInfo, updatedAt: at }).where(eq(orderItems.id, itemId));
}
