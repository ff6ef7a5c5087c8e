import type { Database } from "../platform/db/client";

/**
 * A job inserted straight into the tables, at the first outlet of region 1 with the first status
 * of each kind: for tests that need a job's rows, not the flows that make one.
 */
export async function insertBareOrder(
  database: Database,
  o: {
    productId: number;
    items: number;
    customerId?: number | null;
    /** Each item's price, and the job's total is their sum. */
    itemMinor: number;
    name: { uidPrefix: string; first: string; last: string };
  },
) {
  const q = <T>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);
  const [{ id: outletId, region_id }] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where region_id = 1 order by id limit 1",
  );
  const status = async (kind: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 order by id limit 1", [kind]))[0].id;
  const [dispense, payment, itemStatus] = [
    await status("dispense"),
    await status("payment"),
    await status("item"),
  ];
  const uid = `${o.name.uidPrefix}${Math.random().toString(36).slice(2, 10)}`;
  const [{ id: orderId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
       total_amount_minor, dispense_status_id, payment_status_id, channel_id, channel, origin_outlet_id, region_id)
     values ($1, $1, $1, $2, $3, $4, $5, $6, $7, 1, 'pos', $8, $9) returning id`,
    [
      uid,
      o.customerId ?? null,
      o.name.first,
      o.name.last,
      o.itemMinor * o.items,
      dispense,
      payment,
      outletId,
      region_id,
    ],
  );
  const itemIds: number[] = [];
  for (let i = 0; i < o.items; i++) {
    const [{ id }] = await q<{ id: number }>(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [orderId, o.productId, itemStatus, outletId, o.itemMinor],
    );
    itemIds.push(id);
  }
  return { orderId, itemIds, regionId: region_id };
}
