import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { regions } from "../reference/reference.tables";

/** A customer with their region's country code (which regional shop the link opens). */
export const customerWithCountry = (db: Db, customerId: number) =>
  db
    .select({ customer: customers, countryCode: regions.countryCode })
    .from(customers)
    .leftJoin(regions, eq(regions.id, customers.regionId))
    .where(eq(customers.id, customerId));

/** The customer of this id. */
export const customerById = (db: Db, customerId: number) =>
  db.select().from(customers).where(eq(customers.id, customerId));
