import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Db } from "../../platform/db/client";
import { outlets, refundReasons, statuses } from "../reference/reference.tables";
import { orderItems, orders } from "./jobs.tables";

// The reference rows the jobs module reads (statuses, outlets, refund reasons, a region's currency): reference owns
// those tables, so the reads live in this `.queries.ts` file. Each answers the query itself (not
// awaited here), so a caller's `Promise.all` runs it when it did before.

/** Every status. */
export const allStatuses = (db: Db) => db.select().from(statuses);

/** Every outlet. */
export const allOutlets = (db: Db) => db.select().from(outlets);

/** A status by id, whatever its kind. */
export const statusById = (db: Db, id: number) => db.select().from(statuses).where(eq(statuses.id, id));

/** A status by id, if it is of this kind. */
export const statusOfKind = (db: Db, id: number, kind: "dispense" | "item") =>
  db
    .select()
    .from(statuses)
    .where(and(eq(statuses.id, id), eq(statuses.kind, kind)));

/** The dispense statuses' ids and slugs. */
export const dispenseStatusSlugs = (db: Db) =>
  db.select({ id: statuses.id, slug: statuses.slug }).from(statuses).where(eq(statuses.kind, "dispense"));

/** An item status's id by slug (item statuses are reference data). */
export async function itemStatusId(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.kind, "item"), eq(statuses.slug, slug)));
  return row?.id ?? null;
}

/** An item status's id and name by slug. */
export const itemStatusBySlug = (db: Db, slug: string) =>
  db
    .select({ id: statuses.id, name: statuses.displayName })
    .from(statuses)
    .where(and(eq(statuses.kind, "item"), eq(statuses.slug, slug)));

/** The names of two statuses (an item's move from one to the other). */
export const statusNamesOf = (db: Db, from: number, to: number) =>
  db
    .select({ id: statuses.id, name: statuses.displayName })
    .from(statuses)
    .where(sql`${statuses.id} in (${from}, ${to})`);

/** The job's items not refunded and not at `statusId`, each with its status's name. */
export const itemsNotAtStatus = (db: Db, orderId: number, statusId: number) =>
  db
    .select({ id: orderItems.id, name: statuses.displayName })
    .from(orderItems)
    .leftJoin(statuses, eq(statuses.id, orderItems.dispenseStatusId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        ne(orderItems.quantity, -1),
        ne(orderItems.dispenseStatusId, statusId),
      ),
    );

/** Of these jobs, those whose dispense status has this slug. */
export const ordersWithStatusSlug = (db: Db, orderIds: number[], slug: string) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.dispenseStatusId))
    .where(and(inArray(orders.id, orderIds), eq(statuses.slug, slug)));

/** An outlet by id. */
export const outletById = (db: Db, id: number) => db.select().from(outlets).where(eq(outlets.id, id));

/** A refund reason by its slug. */
export const refundReasonBySlug = (db: Db, slug: string) =>
  db.select().from(refundReasons).where(eq(refundReasons.slug, slug));

/** A refund reason by its name. */
export const refundReasonByName = (db: Db, name: string) =>
  db.select().from(refundReasons).where(eq(refundReasons.name, name));

/** A region's currency, read through the pool (the refund runs after its claim has committed). */
export async function regionCurrency(database: Database, regionId: number): Promise<string | null> {
  const rows = await database.query<{ default_currency: string }>(
    "select default_currency from regions where id = $1",
    [regionId],
  );
  return rows[0]?.default_currency ?? null;
}

/** A payment status's id by slug ("paid", "partially-paid"…). */
export async function paymentStatusIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.kind, "payment"), eq(statuses.slug, slug)));
  return row?.id ?? null;
}
