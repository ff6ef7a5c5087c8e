import { MERGE_MESSAGES } from "@loupe/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Db } from "../../platform/db/client";
import { type CustomerRowsMover, restoreRows, rowsOf, snapshotRows } from "../../platform/db/customer-rows";
import type { Editor } from "../../platform/db/versioning";
import { AppError } from "../../platform/http/app-error";
import { moveCustomerEvents, moveCustomerEventsBack } from "./customer-events";
import { toSearchDocument } from "./customers.mappers";
import { CUSTOMER_INDEX } from "./customers.search-index";
import { customerEvents, customerRedirects, customers } from "./customers.tables";

// The customers module's part of a merge (issue 46): lock both records, write the kept one's
// picked values, retire the losing row behind a redirect, and on undo put it back. The merge
// module orchestrates; only this file writes customers and customer_redirects for it.

export type MergeCustomerRow = typeof customers.$inferSelect;
export type MergeCustomerValues = Partial<
  Pick<
    MergeCustomerRow,
    | "firstName"
    | "lastName"
    | "email"
    | "mobile"
    | "phone"
    | "dob"
    | "gender"
    | "occupation"
    | "hobbies"
    | "outletId"
    | "regionId"
    | "newOptIn"
    | "channelSms"
    | "channelPhone"
    | "channelEmail"
    | "recallDueDate"
    | "hasShopAccount"
  >
>;

/**
 * Both customers, locked for the merge in id order (two merges of the same pair, or of pairs
 * sharing a record, wait for each other rather than deadlock), with the whole rows as JSON.
 */
export async function lockCustomersForMerge(
  tx: Db,
  ids: number[],
): Promise<{ row: MergeCustomerRow; snapshot: Record<string, unknown> }[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(customers)
    .where(inArray(customers.id, sorted))
    .orderBy(customers.id)
    .for("update");
  const snapshots = rowsOf<{ id: number; snapshot: Record<string, unknown> }>(
    await tx.execute(
      sql`select id, to_jsonb(customers) as snapshot from customers where id in (${sql.join(sorted, sql`, `)})`,
    ),
  );
  return rows.map((row) => ({
    row,
    snapshot: snapshots.find((s) => Number(s.id) === row.id)?.snapshot ?? {},
  }));
}

/** Where a merged customer's id now points, or null. */
export async function customerRedirectOf(
  db: Db,
  id: number,
): Promise<{ toId: number; mergeId: number } | null> {
  const [r] = await db
    .select({ toId: customerRedirects.toId, mergeId: customerRedirects.mergeId })
    .from(customerRedirects)
    .where(eq(customerRedirects.fromId, id));
  return r ?? null;
}

/** The 409 an edit of a merged customer answers: the message names the kept customer's id. */
export function mergedIntoError(toId: number): AppError {
  return new AppError("conflict", `${MERGE_MESSAGES.mergedInto} (#${toId})`, undefined, {
    merged_into: toId,
  });
}

/** Writes the kept customer's merged values, bumping its version. */
export async function writeMergedCustomer(
  tx: Db,
  keptId: number,
  values: MergeCustomerValues,
  editor: Editor,
): Promise<MergeCustomerRow> {
  const [row] = await tx
    .update(customers)
    .set({ ...values, version: sql`${customers.version} + 1`, updatedAt: new Date(), updatedBy: editor.id })
    .where(eq(customers.id, keptId))
    .returning();
  return row;
}

/**
 * Deletes the losing customer (its rows have moved) and leaves its id pointing at the kept one.
 * Answers the History rows it still had (the "merged into" written after its history moved): they
 * go with the row, and come back with it on undo (`customerEventsMover.moveBack`).
 */
export async function retireMergedCustomer(
  tx: Db,
  lostId: number,
  keptId: number,
  mergeId: number,
): Promise<Record<string, unknown>[]> {
  const events = await snapshotRows(tx, customerEvents, eq(customerEvents.customerId, lostId));
  await tx.delete(customers).where(eq(customers.id, lostId));
  await tx.insert(customerRedirects).values({ fromId: lostId, toId: keptId, mergeId });
  return events;
}

/** Re-creates a merged customer from its snapshot, with its own id, and removes its redirect. */
export async function restoreMergedCustomer(tx: Db, snapshot: Record<string, unknown>): Promise<void> {
  await tx.delete(customerRedirects).where(eq(customerRedirects.fromId, Number(snapshot.id)));
  await tx.execute(
    sql`insert into customers select * from jsonb_populate_record(null::customers, ${JSON.stringify(snapshot)}::jsonb)`,
  );
}

/**
 * The customers module's rows in a merge: the losing record's History moves to the kept one (its
 * import, earlier merges); on undo it moves back, and the rows retired with the record come back.
 */
export const customerEventsMover: CustomerRowsMover = {
  async move(tx, fromId, toId) {
    return { moved: { customer_events: await moveCustomerEvents(tx, fromId, toId) } };
  },
  async moveBack(tx, move, keptId, lostId) {
    const ids = move.moved.customer_events ?? [];
    if (ids.length) {
      const still = await tx
        .select({ id: customerEvents.id })
        .from(customerEvents)
        .where(and(inArray(customerEvents.id, ids), eq(customerEvents.customerId, keptId)));
      await moveCustomerEventsBack(
        tx,
        still.map((r) => r.id),
        lostId,
      );
    }
    await restoreRows(tx, customerEvents, move.dropped?.customer_events ?? []);
  },
};

/** The customers a merge or its undo changed, as the search finds them. */
export async function reindexMergedCustomers(
  db: Db,
  search: SearchPort,
  change: { gone?: number[]; changed: number[] },
): Promise<void> {
  if (change.gone?.length) await search.remove(CUSTOMER_INDEX, change.gone);
  if (!change.changed.length) return;
  const rows = await db.select().from(customers).where(inArray(customers.id, change.changed));
  await search.index(CUSTOMER_INDEX, rows.map(toSearchDocument));
}
