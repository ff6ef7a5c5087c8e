import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets, statuses } from "../reference/reference.tables";
import { outletInvoiceCounters } from "./jobs.tables";

// What making a job at the counter reads of reference (the outlet, the first statuses) and its
// invoice sequence (jobs' own table, kept here beside the reads it goes with).

export async function counterOutlet(db: Db, outletId: number) {
  const [row] = await db
    .select({ id: outlets.id, abbreviation: outlets.abbreviation, regionId: outlets.regionId })
    .from(outlets)
    .where(eq(outlets.id, outletId));
  return row ?? null;
}

/** The ids of the statuses a new job starts in, by kind and slug. */
export async function firstStatusIds(db: Db) {
  const rows = await db
    .select({ id: statuses.id, kind: statuses.kind, slug: statuses.slug })
    .from(statuses)
    .where(inArray(statuses.slug, ["new-order", "created", "payment-due"]));
  const find = (kind: string, slug: string) => rows.find((r) => r.kind === kind && r.slug === slug)?.id;
  const dispense = find("dispense", "new-order");
  const item = find("item", "created");
  const payment = find("payment", "payment-due");
  if (!dispense || !item || !payment)
    throw new Error("The first job statuses are missing from reference data.");
  return { dispense, item, payment };
}

/**
 * The outlet's next invoice number, taken in the caller's transaction. The counter row is made on
 * first use above the highest number the outlet's jobs already carry (`ABC-123456`); two first uses
 * at once both try the insert, the second waits for the first's row and then only increments it.
 */
export async function takeInvoiceNumber(db: Db, outletId: number, abbreviation: string): Promise<number> {
  const prefix = `${abbreviation.toLowerCase()}-`;
  await db.execute(sql`
    insert into ${outletInvoiceCounters} (outlet_id, next)
    select ${outletId}, coalesce(max(substring(vend_invoice_number from '-([0-9]{1,9})$')::int), 100000) + 1
    from orders
    where lower(vend_invoice_number) collate "C" >= ${prefix} and lower(vend_invoice_number) collate "C" < ${`${prefix.slice(0, -1)}.`}
    on conflict (outlet_id) do nothing`);
  const [row] = await db
    .update(outletInvoiceCounters)
    .set({ next: sql`${outletInvoiceCounters.next} + 1` })
    .where(and(eq(outletInvoiceCounters.outletId, outletId)))
    .returning({ taken: sql<number>`${outletInvoiceCounters.next} - 1` });
  return Number(row.taken);
}
