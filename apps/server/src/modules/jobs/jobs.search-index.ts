import { DEFAULT_TIME_ZONE, dayInZone } from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { SearchDocument, SearchIndex } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import { executedRows, pgArray } from "../../platform/db/pg-array";
import { outletZones } from "./job-reference";
import { searchOrdersSql } from "./jobs-search";

export const ORDERS_INDEX = "orders";

/**
 * One document per job: what the jobs route query filters on (spec §4), its items' outlets,
 * statuses and ids as arrays (a job shows wherever one of its items is), and created_at in epoch
 * seconds so that a date range is a numeric range. `created_day` is the day it was made on its
 * outlet's clock (20261022), as the list's Created column shows it: the Created filter's days are
 * the job's outlet's (issue 52), and the index knows no zones.
 */
const documentsSql = (where: string, limit: string) => `
  select o.id, o.vend_invoice_number, o.uid,
         trim(o.billing_first_name || ' ' || o.billing_last_name) as customer_name,
         lower(o.billing_email) as billing_email,
         regexp_replace(coalesce(o.billing_mobile, ''), '[^0-9]', '', 'g') as mobile_digits,
         o.region_id, o.dispense_status_id, o.priority, o.channel_id, o.customer_id,
         extract(epoch from o.created_at)::float8 as created_at, o.origin_outlet_id,
         o.item_outlet_ids as outlet_ids, o.item_status_ids, o.balance_due_minor,
         coalesce((select array_agg(i.id order by i.id) from order_items i where i.order_id = o.id), '{}') as item_ids
  from orders o ${where} order by o.id ${limit}`;

/** Each job's outlet's day, worked out here with the server's zone rules (ADR 0050), not the database's. */
async function withCreatedDay(database: Database | Db, rows: SearchDocument[]): Promise<SearchDocument[]> {
  if (!rows.length) return rows;
  const db = "db" in database ? database.db : database;
  const zones = new Map((await outletZones(db)).map((o) => [o.id, o.timeZone]));
  return rows.map(({ origin_outlet_id, ...doc }) => {
    const zone = zones.get(Number(origin_outlet_id)) ?? DEFAULT_TIME_ZONE;
    const day = dayInZone(new Date(Number(doc.created_at) * 1000), zone);
    return { ...doc, created_day: Number(day.replaceAll("-", "")) } as SearchDocument;
  });
}

export async function readOrderDocuments(database: Database, ids: number[]): Promise<SearchDocument[]> {
  if (!ids.length) return [];
  return withCreatedDay(
    database,
    await database.query<SearchDocument>(documentsSql("where o.id = any($1::int[])", ""), [ids]),
  );
}

/**
 * The same documents read through a Drizzle handle (an import's ports after its chunk committed):
 * the ids are integers, written into the statement as an array literal.
 */
export async function readOrderDocumentsOn(db: Db, ids: number[]): Promise<SearchDocument[]> {
  const safe = ids.filter((id) => Number.isInteger(id));
  if (!safe.length) return [];
  const rows = executedRows<SearchDocument>(
    await db.execute(sql.raw(documentsSql(`where o.id = any('${pgArray(safe)}'::int[])`, ""))),
  );
  return withCreatedDay(db, rows);
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
    "created_day",
    "priority",
    "customer_id",
    "channel_id",
    "balance_due_minor",
  ],
  sortable: ["created_at", "id", "balance_due_minor"],
  searchPostgres: searchOrdersSql,
  readDocuments: async (database, afterId, limit) =>
    withCreatedDay(
      database,
      await database.query<SearchDocument>(documentsSql("where o.id > $1", "limit $2"), [afterId, limit]),
    ),
  async countDocuments(database) {
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from orders");
    return Number(n);
  },
};
