import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { pdSources } from "../reference/reference.tables";

/** Every PD source (each PD's wire names its source). */
export const allPdSources = (db: Db) => db.select().from(pdSources);

/** The PD source of this id, if there is one. */
export const pdSourceIdOf = (db: Db, sourceId: number) =>
  db.select({ id: pdSources.id }).from(pdSources).where(eq(pdSources.id, sourceId));

/** The customer of this id, if there is one. */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
