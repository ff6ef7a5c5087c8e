import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import {
  type CustomerRowsMover,
  type DroppedRows,
  moveRows,
  moveRowsBack,
  restoreRows,
  snapshotRows,
} from "../../platform/db/customer-rows";
import { customerRecalls, recallSteps } from "./recalls.tables";

/**
 * A customer merge (issue 46) moves the losing customer's recalls and their steps to the kept one.
 * A customer has one recall per type: where both have one, the earlier due one is kept (the person
 * is due then, whichever record said so) and the other is removed with its steps, kept whole in the
 * merge for its undo, which puts it back after moving the others back.
 */
export const recallsCustomerMover: CustomerRowsMover = {
  async move(tx, fromId, toId) {
    const mine = await recallsOf(tx, toId);
    const theirs = await recallsOf(tx, fromId);
    const drop: number[] = [];
    for (const lost of theirs) {
      const kept = mine.find((r) => r.recallTypeId === lost.recallTypeId);
      if (kept) drop.push(lost.dueDate < kept.dueDate ? kept.id : lost.id);
    }
    const dropped: DroppedRows = {};
    if (drop.length) {
      // Steps first: they go with their recall (on delete cascade) and come back after it.
      dropped.recall_steps = await snapshotRows(tx, recallSteps, inArray(recallSteps.recallId, drop));
      dropped.customer_recalls = await snapshotRows(tx, customerRecalls, inArray(customerRecalls.id, drop));
      await tx.delete(customerRecalls).where(inArray(customerRecalls.id, drop));
    }
    return {
      moved: {
        customer_recalls: await moveRows(tx, customerRecalls, customerRecalls.customerId, fromId, toId),
        recall_steps: await moveRows(tx, recallSteps, recallSteps.customerId, fromId, toId),
      },
      dropped,
    };
  },
  async moveBack(tx, move, keptId, lostId) {
    const { moved, dropped = {} } = move;
    await moveRowsBack(
      tx,
      customerRecalls,
      customerRecalls.customerId,
      moved.customer_recalls ?? [],
      keptId,
      lostId,
    );
    await moveRowsBack(tx, recallSteps, recallSteps.customerId, moved.recall_steps ?? [], keptId, lostId);
    await restoreRows(tx, customerRecalls, dropped.customer_recalls ?? []);
    await restoreRows(tx, recallSteps, dropped.recall_steps ?? []);
  },
};

function recallsOf(tx: Db, customerId: number) {
  return tx
    .select({
      id: customerRecalls.id,
      recallTypeId: customerRecalls.recallTypeId,
      dueDate: customerRecalls.dueDate,
    })
    .from(customerRecalls)
    .where(and(eq(customerRecalls.customerId, customerId)));
}
