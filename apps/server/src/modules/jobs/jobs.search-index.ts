import type { SearchDocument, SearchIndex } from "../../integrations/search";
import type { Database } from "../../platform/db/client";
import { searchOrdersSql } from "./jobs-search";

export const ORDERS_INDEX = "orders";

/**
 * One document per job: what the jobs route query filters on (spec §4), its items' outlets,
 * statuses and ids as arrays (a job shows wherever one of its items is), and created_at in epoch
 * seconds so that a date range is a numeric range.
 */
const documentsSql = (where: string, limit: string) => `
  select o.id, o.vend_invoice_number, o.uid,
         trim(o.billing_first_name || ' ' || o.billing_last_name) as customer_name,
         lower(o.billing_email) as billing_email,
         regexp_replace(coalesce(o.billing_mobile, ''), '[^0-9]', '', 'g') as mobile_digits,
         o.region_id, o.dispense_status_id, o.priority, o.channel_id, o.customer_id,
         extract(epoch from o.created_at)::float8 as created_at,
         o.item_outlet_ids as outlet_ids, o.item_status_ids,
         coalesce((select array_agg(i.id order by i.id) from order_items i where i.order_id = o.id), '{}') as item_ids
  from orders o ${where} order by o.id ${limit}`;

export async function readOrderDocuments(database: Database, ids: number[]): Promise<SearchDocument[]> {
  if (!ids.length) return [];
  return database.query<SearchDocument>(documentsSql("where o.id = any($1::int[])", ""), [ids]);
}

/** The orders index on the search port: what Meilisearch matches, filters and sorts on. */
export const ordersSearchIndex: SearchIndex = {
  name: ORDERS_INDEX,
  // An exact invoice number, uid or contact detail ranks above a name that merely contains the words.
  searchable: ["vend_invoice_number", "uid", "billing_email", "mobile_digits", "customer_name"],
  filterable: [
    "id",
    "region_id",
    "outlet_ids",
    "dispense_status_id",
    "item_status_ids",
    "item_ids",
    "created_at",
    "priority",
    "customer_id",
    "channel_id",
  ],
  sortable: ["created_at", "id"],
  searchPostgres: searchOrdersSql,
  readDocuments: (database, afterId, limit) =>
    database.query<SearchDocument>(documentsSql("where o.id > $1", "limit $2"), [afterId, limit]),
  async countDocuments(database) {
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from orders");
    return Number(n);
  },
};
