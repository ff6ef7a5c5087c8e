import { ALL_OUTLET_TIME_ZONES, dayInZone } from "@loupe/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { billingAddresses } from "../addresses/addresses.tables";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { orderItems, orders } from "../jobs/jobs.tables";
import { prescriptions } from "../prescriptions/prescriptions.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { recallSteps } from "./recalls.tables";

// Reads of lower modules' tables (customers, addresses, prescriptions, jobs, reference) for the
// recompute, the run, the letters and the returns. Never a write here.

/** What the recompute needs of a customer: birth date, region and home outlet. */
export async function customerBasics(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      dob: customers.dob,
      regionId: customers.regionId,
      homeRegionId: customers.homeRegionId,
      outletId: customers.outletId,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Region and home outlet of many customers at once (an import's batch of recalls). */
export function customersRegions(db: Db, customerIds: number[]) {
  return db
    .select({
      id: customers.id,
      regionId: customers.regionId,
      homeRegionId: customers.homeRegionId,
      outletId: customers.outletId,
    })
    .from(customers)
    .where(inArray(customers.id, customerIds));
}

/** The customer's prescriptions (the record's outlet, day in UTC instant, expiry). */
export function customerPrescriptions(db: Db, customerId: number) {
  return db
    .select({
      id: prescriptions.id,
      typeId: prescriptions.typeId,
      createdAt: prescriptions.createdAt,
      expiryDate: prescriptions.expiryDate,
      outletId: prescriptions.outletId,
    })
    .from(prescriptions)
    .where(eq(prescriptions.customerId, customerId));
}

/** The customer's completed jobs' products, with when they were completed. */
export function customerCompletedJobItems(db: Db, customerId: number) {
  return db
    .select({
      orderId: orders.id,
      at: orders.dispenseStatusAt,
      outletId: orders.originOutletId,
      productTypeKey: regionProducts.productTypeKey,
      parentTypeKey: regionProducts.parentTypeKey,
      lensesType: regionProducts.lensesType,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.dispenseStatusId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(statuses.slug, ["completed", "collected-by-customer"]),
        sql`${orderItems.quantity} > 0`,
      ),
    );
}

/** What the run needs of a customer to decide a step: consent, channels, address, names. */
export async function customerContact(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      mobile: customers.mobile,
      phone: customers.phone,
      newOptIn: customers.newOptIn,
      channelEmail: customers.channelEmail,
      channelSms: customers.channelSms,
      channelPhone: customers.channelPhone,
      // Qualified by hand: inside the subquery a bare "id" would be the address's own.
      hasAddress: sql<boolean>`exists (select 1 from billing_addresses ba where ba.customer_id = "customers"."id")`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The customer's latest billing address, for a letter's window. */
export async function customerAddress(db: Db, customerId: number) {
  const [row] = await db
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.customerId, customerId))
    .orderBy(desc(billingAddresses.updatedAt), desc(billingAddresses.id))
    .limit(1);
  return row;
}

/** An outlet with its region's country, for a letterhead and a clock. */
export async function outletWithCountry(db: Db, outletId: number) {
  const [row] = await db
    .select({
      id: outlets.id,
      name: outlets.name,
      phone: outlets.phone,
      email: outlets.email,
      address1: outlets.address1,
      address2: outlets.address2,
      suburb: outlets.suburb,
      city: outlets.city,
      state: outlets.state,
      postcode: outlets.postcode,
      timeZone: outlets.timeZone,
      regionId: outlets.regionId,
      country: regions.countryCode,
    })
    .from(outlets)
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(outlets.id, outletId));
  return row;
}

/** Customers' names for rows (one statement for a page). */
export function customerNames(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(inArray(customers.id, ids));
}

/** The customer's phone numbers for the call list. */
export function customerPhones(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      mobile: customers.mobile,
      phone: customers.phone,
    })
    .from(customers)
    .where(inArray(customers.id, ids));
}

/**
 * Returns: each sent step (not skipped) of the filter, and whether its customer had a new
 * prescription or a job within `days` after it. One statement; grouped by the caller.
 */
export function stepReturns(db: Db, where: ReturnType<typeof sql>, days: number) {
  return db.execute<{
    recall_type_id: number;
    step_index: number;
    outlet_id: number | null;
    sent: number;
    returned: number;
  }>(sql`
    select cr.recall_type_id, s.step_index, s.outlet_id,
      count(*)::int as sent,
      count(*) filter (where exists (
        select 1 from ${prescriptions} p where p.customer_id = s.customer_id
          and p.created_at > s.at and p.created_at <= s.at + make_interval(days => ${days})
      ) or exists (
        select 1 from ${orders} o where o.customer_id = s.customer_id
          and o.created_at > s.at and o.created_at <= s.at + make_interval(days => ${days})
      ))::int as returned
    from ${recallSteps} s
    join customer_recalls cr on cr.id = s.recall_id
    where s.status in ('queued', 'sent', 'to_call', 'called') and ${where}
    group by cr.recall_type_id, s.step_index, s.outlet_id`);
}

/** Rows of `db.execute`: node-postgres answers `{ rows }`, PGlite the same, older drivers an array. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

export interface ClaimedRecall {
  id: number;
  customer_id: number;
  recall_type_id: number;
  outlet_id: number | null;
  due_date: string;
  cycle: number;
  next_step_index: number;
  next_step_on: string;
  time_zone: string;
}

/**
 * Claims up to `limit` open recalls whose next step is due on their outlet's clock at `at`, with
 * their row locks (FOR UPDATE SKIP LOCKED: another worker takes other rows, never the same). The
 * `next_step_on <= latestDay` bound lets the partial run index find them; the outlet's own day is
 * checked per row. `skip`: rows a failure already left this round.
 */
export async function claimDueRecalls(
  tx: Db,
  at: Date,
  latestDay: string,
  limit: number,
  skip: number[],
  only: number[] | null = null,
): Promise<ClaimedRecall[]> {
  // Each zone's day is worked out here with the server's zone rules (ADR 0050); the database's own
  // may be older (PostgreSQL 15 here puts Vancouver at UTC-8 in December 2026). A zone outside the
  // list (never an outlet's) falls back to the database's reading.
  const zones = [...new Set([...ALL_OUTLET_TIME_ZONES, "UTC"])];
  const days = zones.map((z) => dayInZone(at, z));
  const result = await tx.execute(sql`
    select cr.id, cr.customer_id, cr.recall_type_id, cr.outlet_id, cr.due_date::text as due_date,
      cr.cycle, cr.next_step_index, cr.next_step_on::text as next_step_on,
      coalesce(o.time_zone, r.timezone, 'UTC') as time_zone
    from customer_recalls cr
    join recall_types t on t.id = cr.recall_type_id and t.active
    left join ${outlets} o on o.id = cr.outlet_id
    left join ${regions} r on r.id = t.region_id
    where cr.outcome = 'open' and cr.next_step_on is not null
      and cr.next_step_on <= ${latestDay}::date
      and cr.next_step_on <= coalesce(
        (select z.day from unnest(${`{${zones.join(",")}}`}::text[], ${`{${days.join(",")}}`}::date[]) as z(zone, day)
          where z.zone = coalesce(o.time_zone, r.timezone, 'UTC')),
        (${at.toISOString()}::timestamptz at time zone coalesce(o.time_zone, r.timezone, 'UTC'))::date)
      and not (cr.id = any(${`{${skip.join(",")}}`}::int[]))
      ${only ? sql`and cr.id = any(${`{${only.join(",")}}`}::int[])` : sql``}
    order by cr.next_step_on, cr.id
    limit ${limit}
    for update of cr skip locked`);
  return rowsOf<ClaimedRecall>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    recall_type_id: Number(r.recall_type_id),
    outlet_id: r.outlet_id == null ? null : Number(r.outlet_id),
    cycle: Number(r.cycle),
    next_step_index: Number(r.next_step_index),
  }));
}

/** Every outlet's clock and region (the recompute picks a record's day on its outlet's clock). */
export function outletClocks(db: Db) {
  return db
    .select({ id: outlets.id, regionId: outlets.regionId, timeZone: outlets.timeZone, name: outlets.name })
    .from(outlets);
}

/** Region clocks (a customer without an outlet). */
export function regionClocks(db: Db) {
  return db
    .select({ id: regions.id, timeZone: regions.timezone, country: regions.countryCode })
    .from(regions);
}
