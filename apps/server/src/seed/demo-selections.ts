import { hasJobSelection, isItemPastSelection } from "@loupe/domain";
import { asc, eq, sql } from "drizzle-orm";
import { customers } from "../modules/customers/customers.tables";
import { orderItemSelections } from "../modules/job-edit/job-edit.tables";
import { orderItems, orders } from "../modules/jobs/jobs.tables";
import { pds } from "../modules/pds/pds.tables";
import { prescriptions } from "../modules/prescriptions/prescriptions.tables";
import { statuses } from "../modules/reference/reference.tables";
import type { Db } from "../platform/db/client";
import { createRng } from "./rng";
import { loadSelectionCatalogue } from "./selection-catalogue";
import {
  type EyeNeeds,
  eyeNeedsFor,
  generateSelection,
  makeEyes,
  type OrderEyes,
} from "./selection-generator";

const HOUR = 3_600_000;

/**
 * Saved selections for every demo item past the selection step (from "Lenses Ordered" on), as the
 * job edit would have saved them: revision 1 and the item's additional_info. A customer's eye test
 * (one prescription of each kind and one PD, fitting everything they bought) is recorded a few days
 * before their first such job; a guest's is anonymous, per job. Runs after the lens catalogue,
 * which moves some items to office and bifocal glasses. Skipped once any selection exists.
 */
export async function seedDemoSelections(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orderItemSelections);
  if (n > 0) return;
  const cat = await loadSelectionCatalogue(db);
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.regionProductId,
      slug: statuses.slug,
      customerId: orders.customerId,
      outletId: orders.originOutletId,
      createdAt: orders.createdAt,
      customerSince: customers.createdAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(statuses, eq(statuses.id, orderItems.dispenseStatusId))
    .orderBy(asc(orders.createdAt), asc(orderItems.id));
  const items = rows.filter(
    (r) =>
      isItemPastSelection(r.slug) && hasJobSelection(cat.products.get(r.productId)?.parentTypeKey ?? "addon"),
  );
  if (!items.length) return;

  // Whose eyes: a customer's once, for all their jobs; a guest's per job.
  const owner = (r: (typeof items)[number]) => (r.customerId != null ? `c${r.customerId}` : `o${r.orderId}`);
  const byOwner = new Map<string, typeof items>();
  for (const r of items) byOwner.set(owner(r), [...(byOwner.get(owner(r)) ?? []), r]);

  // Ids drawn from the tables' own sequences (USAGE, which the server's role holds, ADR 0026), not
  // max(id) and setval: a customer's eyes take at most two prescriptions and one PD, and ids left
  // over are gaps, as any rolled-back insert leaves.
  const reserve = async (table: string, n: number) =>
    (
      (await db.execute(
        sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
  const rxIds = await reserve("prescriptions", 2 * byOwner.size);
  const pdIds = await reserve("pds", byOwner.size);
  let rxNext = 0;
  let pdNext = 0;
  const rng = createRng(7_000_003);
  const now = Date.now() - 60_000;
  const eyes = new Map<string, OrderEyes>();
  const rxRows: (typeof prescriptions.$inferInsert)[] = [];
  const pdRows: (typeof pds.$inferInsert)[] = [];
  for (const [key, list] of byOwner) {
    const needs: EyeNeeds = eyeNeedsFor(list.map((r) => cat.products.get(r.productId)!));
    const first = list[0];
    const e = makeEyes(rng, cat, needs, {
      customerId: first.customerId,
      outletId: first.outletId,
      // Never before the customer's first visit, nor in the future.
      createdAt: new Date(
        Math.min(
          now,
          Math.max(
            first.customerSince?.getTime() ?? 0,
            first.createdAt.getTime() - rng.int(1, 10) * 24 * HOUR,
          ),
        ),
      ),
      nextRxId: () => rxIds[rxNext++],
      nextPdId: () => pdIds[pdNext++],
    });
    eyes.set(key, e);
    for (const rx of [e.spectacles, e.contact]) if (rx) rxRows.push(rx);
    if (e.pd) pdRows.push(e.pd);
  }
  const selections: (typeof orderItemSelections.$inferInsert)[] = [];
  for (const r of items) {
    const staff = rng.pick(cat.staff);
    const at = new Date(Math.min(now, r.createdAt.getTime() + rng.int(1, 48) * HOUR));
    const made = generateSelection(rng, cat, r.productId, eyes.get(owner(r))!, { at, staff });
    if (!made) continue;
    selections.push({
      orderItemId: r.id,
      revision: 1,
      selection: made.selection,
      additionalInfo: made.info,
      staffUserId: staff.id,
      createdAt: at,
    });
  }
  for (let i = 0; i < rxRows.length; i += 500)
    await db.insert(prescriptions).values(rxRows.slice(i, i + 500));
  for (let i = 0; i < pdRows.length; i += 500) await db.insert(pds).values(pdRows.slice(i, i + 500));
  for (let i = 0; i < selections.length; i += 200)
    await db.insert(orderItemSelections).values(selections.slice(i, i + 200));
  await db.execute(sql`
    update order_items i set additional_info = s.additional_info
    from order_item_selections s where s.order_item_id = i.id and s.revision = 1`);
}
