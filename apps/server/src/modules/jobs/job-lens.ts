import { eq, sql } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import { recordJobEvents } from "./job-events";
import { statusNamesOf } from "./job-reference.queries";
import { ORDERS_INDEX, readOrderDocuments } from "./jobs.search-index";
import { orderItems, orders } from "./jobs.tables";

/**
 * What a lens order does to its item, written by the lens-orders module inside its transaction
 * (jobs owns order_items): the supplier state codes the item shows (hoya_status, shamir_status)
 * and, when given, a move to another item status with its timeline entry. A refunded item
 * (quantity −1) never moves.
 */
export async function applyLensOrderToItem(
  tx: Db,
  itemId: number,
  change: { statusId?: number | null; hoyaStatus?: number | null; shamirStatus?: number | null },
  staffUserId: number | null,
): Promise<void> {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item) return;
  const move = change.statusId != null && change.statusId !== item.dispenseStatusId && item.quantity !== -1;
  await tx
    .update(orderItems)
    .set({
      ...(change.hoyaStatus !== undefined ? { hoyaStatus: change.hoyaStatus } : {}),
      ...(change.shamirStatus !== undefined ? { shamirStatus: change.shamirStatus } : {}),
      ...(move ? { dispenseStatusId: change.statusId! } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orderItems.id, itemId));
  if (!move) return;
  const names = await statusNamesOf(tx, item.dispenseStatusId, change.statusId!);
  const name = (id: number) => names.find((n) => n.id === id)?.name ?? null;
  await recordJobEvents(tx, [
    {
      orderId: item.orderId,
      orderItemId: itemId,
      kind: "item_status",
      fromValue: name(item.dispenseStatusId),
      toValue: name(change.statusId!),
      staffUserId,
    },
  ]);
  await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, item.orderId));
}

/** After a committed lens-order write: the search engine's copy of the jobs catches up. */
export async function reindexJobs(database: Database, search: SearchPort, orderIds: number[]): Promise<void> {
  await search.index(ORDERS_INDEX, await readOrderDocuments(database, orderIds));
}
