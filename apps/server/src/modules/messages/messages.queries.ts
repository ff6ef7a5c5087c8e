import { isSmsCountry, navRegionId, type SmsCountry } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { regions } from "../reference/reference.tables";

const countryOf = async (db: Db, regionId: number): Promise<SmsCountry> => {
  const [r] = await db.select({ code: regions.countryCode }).from(regions).where(eq(regions.id, regionId));
  return isSmsCountry(r?.code) ? r.code : "AU";
};

/** The country an SMS number is read in: the job's region for a job, else the sender's outlet region. */
export async function smsCountry(
  db: Db,
  staff: { regionId: number | null },
  orderId?: number,
): Promise<SmsCountry> {
  if (orderId !== undefined) {
    const [o] = await db.select({ regionId: orders.regionId }).from(orders).where(eq(orders.id, orderId));
    if (o) return countryOf(db, o.regionId);
  }
  return countryOf(db, navRegionId(staff.regionId));
}

/** A region's id, if it exists. */
export const regionIdById = (db: Db, regionId: number) =>
  db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));

/** A customer by id (the message's recipient). */
export const customerById = (db: Db, customerId: number) =>
  db.select().from(customers).where(eq(customers.id, customerId));

/** A job's id, if it exists. */
export const orderIdById = (db: Db, orderId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
