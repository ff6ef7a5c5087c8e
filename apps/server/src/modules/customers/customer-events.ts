// Writes a customer's History (issue 46) inside the caller's transaction: an import writes one per
// customer it makes, a merge one on each record. One statement per call whatever the count, so an
// import of a million customers writes its history in its own batches without a row-by-row cost.

import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customerEvents } from "./customers.tables";

export type CustomerEventKind = "imported" | "merged_in" | "merged_into" | "merge_undone";

export interface CustomerEventInput {
  customerId: number;
  kind: CustomerEventKind;
  /** Plain words for staff ("Imported from Optomate (batch #4, source id 1021)"); no health data. */
  detail: string;
  staffId: number | null;
  ref?: Record<string, number | string> | null;
  occurredAt?: Date;
}

export async function recordCustomerEvents(db: Db, events: readonly CustomerEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const now = new Date();
  // One JSON parameter: Drizzle's sql template would spread a JS array into a list of parameters.
  const rows = events.map((e) => ({
    customer_id: e.customerId,
    kind: e.kind,
    detail: e.detail,
    staff_id: e.staffId,
    ref: e.ref ?? null,
    occurred_at: (e.occurredAt ?? now).toISOString(),
  }));
  await db.execute(sql`
    insert into customer_events (customer_id, kind, detail, staff_id, ref, occurred_at)
    select e.customer_id, e.kind, e.detail, e.staff_id, e.ref, e.occurred_at
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as e(customer_id int, kind text, detail text, staff_id int, ref jsonb, occurred_at timestamptz)`);
}

/** Moves a customer's history to another (a merge), answering the ids moved so an undo can move them back. */
export async function moveCustomerEvents(db: Db, fromId: number, toId: number): Promise<number[]> {
  const rows = await db
    .update(customerEvents)
    .set({ customerId: toId })
    .where(eq(customerEvents.customerId, fromId))
    .returning({ id: customerEvents.id });
  return rows.map((r) => r.id);
}

/** Moves the given history rows back to their customer (a merge undone). */
export async function moveCustomerEventsBack(db: Db, ids: readonly number[], toId: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update customer_events set customer_id = ${toId} where id = any(${`{${ids.join(",")}}`}::int[])`,
  );
}
