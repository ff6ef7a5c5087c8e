// Jobs brought in from another system's files (issue 46): history, read-only once here (the job
// rulebook's `imported`). A batch of jobs, of their items or of their payments is one insert from
// unnest; the job's money is then settled from what it holds (total of its items, sum of its
// payments, the payment status from the two, issue 44's rules), so items and payments may arrive
// in any order and an undo of either leaves the job consistent.

import { randomBytes } from "node:crypto";
import {
  importedDayInstant,
  ORDER_ITEM_STATUSES,
  paymentStatusSlug,
  type RecordedTender,
  TENDER_LABELS,
  timeZoneForRegion,
} from "@loupe/domain";
import { sql } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Db } from "../../platform/db/client";
import { executedRows, idsInInputOrder, pgArray, pgJsonArray } from "../../platform/db/pg-array";
import { importedItemProducts } from "../catalogue";
import { referenceData } from "../reference";
import { COUNTER_CHANNEL } from "./counter-jobs";
import { customersByIds } from "./job-customers.queries";
import { recordJobEvents } from "./job-events";
import { ORDERS_INDEX, readOrderDocumentsOn } from "./jobs.search-index";
import { orderItems, orderPayments, orders, outletInvoiceCounters } from "./jobs.tables";
import { productsBySku } from "./jobs-import.queries";

export interface ImportedJob {
  customerId: number;
  outletId: number;
  /** A dispense status's slug (the batch's value map turned the file's status into it). */
  statusSlug: string;
  createdAt: Date;
  /** The other system's job or invoice number; its source id when it has none. */
  jobNumber: string | null;
  sourceId: string;
}

/** Where a batch came from, for the jobs' own record and their timelines. */
export interface ImportOrigin {
  system: string;
  /** "Imported from Optomate (batch #4)": the timeline's words. */
  text: string;
  batchId: number;
}

/** Payment statuses a closed job keeps whatever its money says (its money was settled at the source). */
const CLOSED_PAYMENT: Record<string, string> = {
  refunded: "refunded",
  "refunded-transaction": "refunded",
  voided: "voided",
};

async function statusIds(tx: Db) {
  const r = await referenceData(tx);
  const id = (kind: string, slug: string) => r.statuses.find((s) => s.kind === kind && s.slug === slug)?.id;
  const slugOf = new Map(r.statuses.map((s) => [s.id, s.slug]));
  return { r, id, slugOf };
}

/** Writes the jobs (one insert) with their timeline entries; answers the new ids in the rows' order. */
export async function importJobs(
  tx: Db,
  rows: readonly ImportedJob[],
  origin: ImportOrigin,
): Promise<number[]> {
  if (!rows.length) return [];
  const { r, id } = await statusIds(tx);
  const customers = new Map(
    (await customersByIds(tx, [...new Set(rows.map((j) => j.customerId))])).map((c) => [c.id, c]),
  );
  const numbers = await jobNumbers(tx, rows);
  const outletOf = new Map(r.outlets.map((o) => [o.id, o]));
  const values = rows.map((j, i) => {
    const dispense = id("dispense", j.statusSlug);
    const payment = id("payment", CLOSED_PAYMENT[j.statusSlug] ?? paymentStatusSlug(0, 0));
    const outlet = outletOf.get(j.outletId);
    if (!dispense || !payment || !outlet)
      throw new Error("An imported job's status or outlet is not in reference data.");
    const c = customers.get(j.customerId);
    return {
      uid: `I${randomBytes(8).toString("hex").toUpperCase()}`,
      number: numbers[i],
      customerId: j.customerId,
      first: c?.firstName ?? "",
      last: c?.lastName ?? "",
      email: c?.email ?? null,
      mobile: c?.mobile ?? null,
      dispense,
      payment,
      outletId: outlet.id,
      regionId: outlet.regionId,
      createdAt: j.createdAt,
    };
  });
  const col = (f: (v: (typeof values)[number]) => string | number | Date | null) => pgArray(values.map(f));
  const ids = idsInInputOrder(
    await tx.execute(sql`
      insert into ${orders} (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
        billing_email, billing_mobile, total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id,
        channel_id, channel, origin_outlet_id, region_id, dispense_status_at, created_at, updated_at, imported_from,
        import_batch_id)
      select u.uid, '#' || u.number, u.number, u.customer_id, u.first, u.last, u.email, u.mobile, 0, 0, u.dispense,
        u.payment, ${COUNTER_CHANNEL.id}::int, ${COUNTER_CHANNEL.key}::text, u.outlet_id, u.region_id, u.created_at,
        u.created_at, now(), ${origin.system}::text, ${origin.batchId}::int
      from unnest(${col((v) => v.uid)}::text[], ${col((v) => v.number)}::text[], ${col((v) => v.customerId)}::int[],
        ${col((v) => v.first)}::text[], ${col((v) => v.last)}::text[], ${col((v) => v.email)}::text[],
        ${col((v) => v.mobile)}::text[], ${col((v) => v.dispense)}::int[], ${col((v) => v.payment)}::int[],
        ${col((v) => v.outletId)}::int[], ${col((v) => v.regionId)}::int[], ${col((v) => v.createdAt)}::timestamptz[])
        with ordinality as u(uid, number, customer_id, first, last, email, mobile, dispense, payment, outlet_id,
          region_id, created_at, n)
      order by u.n
      returning id`),
  );
  await recordJobEvents(
    tx,
    ids.map((orderId) => ({ orderId, kind: "imported" as const, toValue: origin.text, staffUserId: null })),
  );
  await keepCountersAbove(
    tx,
    values.map((v) => ({ outletId: v.outletId, number: v.number })),
    (outletId) => outletOf.get(outletId)?.abbreviation ?? "",
  );
  return ids;
}

/**
 * Each job's number: the source's own (its source id when it has none). Job numbers are searched
 * chain-wide, so a number Loupe already carries (or the batch carries twice) gets the source id
 * after it: "10234-J553", never a second job answering to one number.
 */
async function jobNumbers(tx: Db, rows: readonly ImportedJob[]): Promise<string[]> {
  const wanted = rows.map((j) => (j.jobNumber ?? j.sourceId).trim());
  const taken = new Set(
    executedRows<{ n: string }>(
      // In the collation of orders_invoice_prefix_idx, so that each number is an index probe.
      await tx.execute(sql`select lower(vend_invoice_number) as n from ${orders}
        where (lower(vend_invoice_number) collate "C") = any(${pgArray(wanted.map((w) => w.toLowerCase()))}::text[])`),
    ).map((r) => r.n),
  );
  return wanted.map((w, i) => {
    const n = taken.has(w.toLowerCase()) ? `${w}-${rows[i].sourceId}` : w;
    taken.add(n.toLowerCase());
    return n;
  });
}

/**
 * A source number in the counter's own form ("PAR-100234") moves the outlet's invoice sequence past
 * it, so the counter never hands out a number an imported job carries (ADR 0058's sequence).
 */
async function keepCountersAbove(
  tx: Db,
  jobs: { outletId: number; number: string }[],
  abbreviationOf: (outletId: number) => string,
) {
  const top = new Map<number, number>();
  for (const j of jobs) {
    const abbr = abbreviationOf(j.outletId).toLowerCase();
    const m = new RegExp(`^${abbr.replace(/[^a-z0-9]/g, "\\$&")}-([0-9]{1,9})$`).exec(j.number.toLowerCase());
    if (m) top.set(j.outletId, Math.max(top.get(j.outletId) ?? 0, Number(m[1])));
  }
  if (!top.size) return;
  await tx.execute(sql`update ${outletInvoiceCounters} c set next = greatest(c.next, u.n + 1)
    from unnest(${pgArray([...top.keys()])}::int[], ${pgArray([...top.values()])}::int[]) as u(outlet_id, n)
    where c.outlet_id = u.outlet_id`);
}

/** The imported jobs among these ids, with what their items and payments need. */
async function importedJobsOf(tx: Db, orderIds: readonly number[]) {
  const rows = executedRows<{
    id: number;
    region_id: number;
    origin_outlet_id: number;
    dispense_status_id: number;
    created_at: string | Date;
  }>(
    await tx.execute(sql`select id, region_id, origin_outlet_id, dispense_status_id, created_at from ${orders}
      where id = any(${pgArray([...new Set(orderIds)])}::int[]) and imported_from is not null`),
  );
  const byId = new Map(rows.map((o) => [Number(o.id), o]));
  for (const id of orderIds)
    if (!byId.has(id))
      throw new Error(`Job ${id} is not an imported job: its items and payments are Loupe's own.`);
  return byId;
}

export interface ImportedJobItem {
  orderId: number;
  description: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
}

/**
 * Writes the items (one insert): each sold as the region's product of its SKU, else as the
 * region's "Imported item", its own description and SKU kept beside; in the job's status when items
 * have it, else Created. Then settles the jobs' money.
 */
export async function importJobItems(tx: Db, rows: readonly ImportedJobItem[]): Promise<number[]> {
  if (!rows.length) return [];
  const [jobs, { id, slugOf }] = await Promise.all([
    importedJobsOf(
      tx,
      rows.map((r) => r.orderId),
    ),
    statusIds(tx),
  ]);
  const regionIds = [...new Set([...jobs.values()].map((j) => Number(j.region_id)))];
  const skus = [...new Set(rows.flatMap((r) => (r.sku ? [r.sku] : [])))];
  const [matched, fallback] = await Promise.all([
    productsBySku(tx, regionIds, skus),
    importedItemProducts(tx, regionIds),
  ]);
  const productOf = new Map(matched.map((p) => [`${p.regionId}:${p.sku}`, p.id]));
  const itemSlugs = new Set(ORDER_ITEM_STATUSES.map((s) => s.slug));
  const values = rows.map((r) => {
    const job = jobs.get(r.orderId)!;
    const regionId = Number(job.region_id);
    const jobSlug = slugOf.get(Number(job.dispense_status_id)) ?? "";
    const status = id("item", itemSlugs.has(jobSlug) ? jobSlug : "created");
    if (!status) throw new Error("The item statuses are missing from reference data.");
    return {
      ...r,
      productId: (r.sku && productOf.get(`${regionId}:${r.sku}`)) || fallback.get(regionId)!,
      status,
      outletId: Number(job.origin_outlet_id),
      createdAt: new Date(job.created_at),
      info: { imported: { description: r.description, sku: r.sku } },
    };
  });
  const col = (f: (v: (typeof values)[number]) => string | number | Date | null) => pgArray(values.map(f));
  const ids = idsInInputOrder(
    await tx.execute(sql`
      insert into ${orderItems} (order_id, region_product_id, quantity, dispense_status_id, outlet_id,
        unit_price_minor, total_amount_minor, additional_info, created_at, updated_at)
      select u.order_id, u.product_id, u.quantity, u.status, u.outlet_id, u.unit_price, u.total, u.info,
        u.created_at, now()
      from unnest(${col((v) => v.orderId)}::int[], ${col((v) => v.productId)}::int[], ${col((v) => v.quantity)}::int[],
        ${col((v) => v.status)}::int[], ${col((v) => v.outletId)}::int[], ${col((v) => v.unitPriceMinor)}::int[],
        ${col((v) => v.totalMinor)}::int[], ${pgJsonArray(values.map((v) => v.info))}::jsonb[],
        ${col((v) => v.createdAt)}::timestamptz[])
        with ordinality as u(order_id, product_id, quantity, status, outlet_id, unit_price, total, info, created_at, n)
      order by u.n
      returning id`),
  );
  await settleImportedJobs(tx, [...jobs.keys()]);
  return ids;
}

export interface ImportedJobPayment {
  orderId: number;
  amountMinor: number;
  tender: RecordedTender;
  paidOn: string;
}

/** Writes the payments (one insert), dated at noon of their day on the job's outlet's clock; settles the jobs' money. */
export async function importJobPayments(tx: Db, rows: readonly ImportedJobPayment[]): Promise<number[]> {
  if (!rows.length) return [];
  const [jobs, { r }] = await Promise.all([
    importedJobsOf(
      tx,
      rows.map((p) => p.orderId),
    ),
    statusIds(tx),
  ]);
  const zoneOf = new Map(r.outlets.map((o) => [o.id, o.timeZone]));
  const values = rows.map((p) => {
    const job = jobs.get(p.orderId)!;
    const outletId = Number(job.origin_outlet_id);
    const zone = zoneOf.get(outletId) ?? timeZoneForRegion(Number(job.region_id));
    return { ...p, outletId, createdAt: importedDayInstant(p.paidOn, zone), name: TENDER_LABELS[p.tender] };
  });
  const col = (f: (v: (typeof values)[number]) => string | number | Date | null) => pgArray(values.map(f));
  const ids = idsInInputOrder(
    await tx.execute(sql`
      insert into ${orderPayments} (order_id, amount_minor, payment_type_name, tender, kind, outlet_id, created_at)
      select u.order_id, u.amount, u.name, u.tender, 'payment', u.outlet_id, u.created_at
      from unnest(${col((v) => v.orderId)}::int[], ${col((v) => v.amountMinor)}::int[], ${col((v) => v.name)}::text[],
        ${col((v) => v.tender)}::text[], ${col((v) => v.outletId)}::int[], ${col((v) => v.createdAt)}::timestamptz[])
        with ordinality as u(order_id, amount, name, tender, outlet_id, created_at, n)
      order by u.n
      returning id`),
  );
  await settleImportedJobs(tx, [...jobs.keys()]);
  return ids;
}

/**
 * An imported job's money from what it holds: the total of its items, the sum of its payments, and
 * the payment status they make (a refunded or voided job keeps its own). The balance follows
 * (generated from the two, issue 44).
 */
async function settleImportedJobs(tx: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return;
  const { id, slugOf } = await statusIds(tx);
  const settled = executedRows<{ id: number; total: number; paid: number; payment_status_id: number }>(
    await tx.execute(sql`update ${orders} o set
        total_amount_minor = coalesce((select sum(i.total_amount_minor) from ${orderItems} i where i.order_id = o.id), 0),
        total_payment_minor = coalesce((select sum(p.amount_minor) from ${orderPayments} p where p.order_id = o.id), 0),
        updated_at = now()
      where o.id = any(${pgArray([...orderIds])}::int[]) and o.imported_from is not null
      returning o.id, o.total_amount_minor as total, o.total_payment_minor as paid, o.payment_status_id`),
  );
  const changes = settled.flatMap((o) => {
    const current = slugOf.get(Number(o.payment_status_id));
    if (current === "refunded" || current === "voided") return [];
    const next = id("payment", paymentStatusSlug(Number(o.total), Number(o.paid)));
    return next && next !== Number(o.payment_status_id) ? [{ id: Number(o.id), status: next }] : [];
  });
  if (!changes.length) return;
  await tx.execute(sql`update ${orders} o set payment_status_id = u.status
    from unnest(${pgArray(changes.map((c) => c.id))}::int[], ${pgArray(changes.map((c) => c.status))}::int[]) as u(id, status)
    where o.id = u.id`);
}

/** Removes imported jobs (an import's undo): their items, payments and timeline go with them. Loupe's own jobs are never touched. */
export async function removeImportedJobs(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(
    sql`delete from ${orders} where id = any(${pgArray(ids)}::int[]) and imported_from is not null`,
  );
}

/** Removes imported items and settles their jobs' money again. */
export async function removeImportedJobItems(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const gone = executedRows<{ order_id: number }>(
    await tx.execute(sql`delete from ${orderItems} i using ${orders} o
      where i.id = any(${pgArray(ids)}::int[]) and o.id = i.order_id and o.imported_from is not null
      returning i.order_id`),
  );
  await settleImportedJobs(tx, [...new Set(gone.map((g) => Number(g.order_id)))]);
}

/** Removes imported payments and settles their jobs' money again. */
export async function removeImportedJobPayments(tx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const gone = executedRows<{ order_id: number }>(
    await tx.execute(sql`delete from ${orderPayments} p using ${orders} o
      where p.id = any(${pgArray(ids)}::int[]) and o.id = p.order_id and o.imported_from is not null
      returning p.order_id`),
  );
  await settleImportedJobs(tx, [...new Set(gone.map((g) => Number(g.order_id)))]);
}

/** After an import's chunk committed: the search engine's copy of the jobs (and of the jobs of these items or payments) catches up. */
export async function indexImportedJobs(
  db: Db,
  search: SearchPort,
  ids: { orderIds?: number[]; itemIds?: number[]; paymentIds?: number[] },
): Promise<void> {
  const orderIds = new Set(ids.orderIds ?? []);
  const of = async (table: typeof orderItems | typeof orderPayments, rowIds: number[] | undefined) => {
    if (!rowIds?.length) return;
    const rows = executedRows<{ order_id: number }>(
      await db.execute(sql`select distinct order_id from ${table} where id = any(${pgArray(rowIds)}::int[])`),
    );
    for (const r of rows) orderIds.add(Number(r.order_id));
  };
  await of(orderItems, ids.itemIds);
  await of(orderPayments, ids.paymentIds);
  if (!orderIds.size) return;
  await search.index(ORDERS_INDEX, await readOrderDocumentsOn(db, [...orderIds]));
}

/** After an import's undo of its jobs: off the search engine's copy. */
export async function unindexImportedJobs(search: SearchPort, orderIds: number[]): Promise<void> {
  if (orderIds.length) await search.remove(ORDERS_INDEX, orderIds);
}
