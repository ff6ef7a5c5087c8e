import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { knownOutlet, referenceData } from "../reference";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { jobMessages, outletOpeningHours } from "./ready-messages.tables";

// Reads that join the jobs, customers and reference tables (lower modules) for the ready messages,
// the call list and the status link. Never a write here.

/** What a ready message needs to know of a job: its customer's channels, its outlet and clock. */
export async function jobMessageFacts(db: Db, orderId: number) {
  const [row] = await db
    .select({
      orderId: orders.id,
      invoice: orders.vendInvoiceNumber,
      regionId: orders.regionId,
      outletId: orders.originOutletId,
      customerId: orders.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      mobile: customers.mobile,
      email: customers.email,
      channelSms: customers.channelSms,
      channelEmail: customers.channelEmail,
      outletName: outlets.name,
      timeZone: outlets.timeZone,
      country: regions.countryCode,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row;
}
export type JobMessageFacts = NonNullable<Awaited<ReturnType<typeof jobMessageFacts>>>;

/** The job's outlet's zone, for writing a send time on the timeline and the screen. */
export async function outletZoneOfJob(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ zone: outlets.timeZone })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .where(eq(orders.id, orderId));
  return row?.zone ?? null;
}

// Outlets, regions and statuses come from the process's reference copy (reference-cache.ts).

/** The region of an outlet (the call list checks the staff member may see it). */
export async function outletRegion(db: Db, outletId: number) {
  const outlet = await knownOutlet(db, outletId);
  return outlet && { regionId: outlet.regionId, name: outlet.name, timeZone: outlet.timeZone };
}

export const regionExists = async (db: Db, regionId: number) =>
  (await referenceData(db)).regions.some((r) => r.id === regionId);

/** Failed messages not yet ticked off, for an outlet's "call these customers" list; newest first. */
export function callList(db: Db, outletId: number, limit = 200) {
  return db
    .select({
      id: jobMessages.id,
      orderId: jobMessages.orderId,
      kind: jobMessages.kind,
      reminderDay: jobMessages.reminderDay,
      channel: jobMessages.channel,
      failure: jobMessages.failure,
      at: jobMessages.updatedAt,
      invoice: orders.vendInvoiceNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
      mobile: customers.mobile,
      phone: customers.phone,
      email: customers.email,
    })
    .from(jobMessages)
    .innerJoin(orders, eq(orders.id, jobMessages.orderId))
    .leftJoin(customers, eq(customers.id, jobMessages.customerId))
    .where(
      and(
        eq(jobMessages.outletId, outletId),
        eq(jobMessages.status, "failed"),
        isNull(jobMessages.resolvedAt),
      ),
    )
    .orderBy(desc(jobMessages.updatedAt), desc(jobMessages.id))
    .limit(limit);
}

/**
 * Jobs at a ready status whose latest ready arrival is at least `minDays` old, with that arrival:
 * the candidates for an uncollected reminder. `readySlugs` is every slug any region calls ready;
 * the caller applies each region's own choice.
 */
export async function uncollectedCandidates(db: Db, readySlugs: readonly string[], before: Date) {
  if (!readySlugs.length) return [];
  // The latest ready arrival of each job now at a ready status; then only those old enough.
  const latest = await db
    .selectDistinctOn([jobMessages.orderId], {
      orderId: jobMessages.orderId,
      cycle: jobMessages.cycle,
      readyAt: jobMessages.createdAt,
      regionId: orders.regionId,
      statusSlug: statuses.slug,
    })
    .from(jobMessages)
    .innerJoin(orders, eq(orders.id, jobMessages.orderId))
    .innerJoin(statuses, eq(statuses.id, orders.dispenseStatusId))
    .where(and(eq(jobMessages.kind, "ready"), inArray(statuses.slug, [...readySlugs])))
    .orderBy(jobMessages.orderId, desc(jobMessages.cycle));
  return latest.filter((r) => r.readyAt.getTime() <= before.getTime());
}

/**
 * What the customer's status page shows: stage, promised date, outlet, and the balance still to
 * pay (issue 44: the amount only); no prescription, no items, no prices.
 */
export async function statusPageFacts(db: Db, orderId: number) {
  const [row] = await db
    .select({
      orderId: orders.id,
      invoice: orders.vendInvoiceNumber,
      customerId: orders.customerId,
      regionId: orders.regionId,
      dueDate: orders.dueDate,
      statusSlug: statuses.slug,
      balanceDueMinor: orders.balanceDueMinor,
      currency: regions.defaultCurrency,
      outlet: {
        name: outlets.name,
        address1: outlets.address1,
        address2: outlets.address2,
        suburb: outlets.suburb,
        city: outlets.city,
        state: outlets.state,
        postcode: outlets.postcode,
        phone: outlets.phone,
      },
      openingHours: outletOpeningHours.openingHours,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.dispenseStatusId))
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .leftJoin(outletOpeningHours, eq(outletOpeningHours.outletId, outlets.id))
    .where(eq(orders.id, orderId));
  return row;
}

/** The job's customer (the status link is signed over the job and its customer, like the receipt). */
export async function jobCustomer(db: Db, orderId: number) {
  const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Every job (dispense) status slug: a region's ready statuses must be among them. */
export async function dispenseStatusSlugs(db: Db): Promise<string[]> {
  return (await referenceData(db)).statuses.filter((s) => s.kind === "dispense").map((s) => s.slug);
}

/** The region's active outlets with their opening hours (null where none are set). */
export function regionOpeningHours(db: Db, regionId: number) {
  return db
    .select({ outletId: outlets.id, name: outlets.name, openingHours: outletOpeningHours.openingHours })
    .from(outlets)
    .leftJoin(outletOpeningHours, eq(outletOpeningHours.outletId, outlets.id))
    .where(and(eq(outlets.regionId, regionId), eq(outlets.isActive, true)))
    .orderBy(outlets.name);
}

/** The outlet's messages waiting for their send time, and failed ones nobody has called yet. */
export async function outletMessageCounts(
  db: Db,
  outletId: number,
): Promise<{ waiting: number; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${jobMessages.status} = 'queued')::int`,
      failed: sql<number>`count(*) filter (where ${jobMessages.status} = 'failed' and ${jobMessages.resolvedAt} is null)::int`,
    })
    .from(jobMessages)
    .where(eq(jobMessages.outletId, outletId));
  return { waiting: row?.waiting ?? 0, failed: row?.failed ?? 0 };
}
