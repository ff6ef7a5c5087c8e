import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { pdSources } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/** Every PD source (each PD's wire names its source). */
export const allPdSources = (db: Db) => db.select().from(pdSources);

/**
 * The names of these staff members (each PD's wire names who wrote it): only the ones the rows
 * name, not the whole staff list on every read; no statement when none does.
 */
export const staffNames = async (db: Db, staffIds: number[]) =>
  staffIds.length
    ? db
        .select({ id: staffUsers.id, first: staffUsers.firstName, last: staffUsers.lastName })
        .from(staffUsers)
        .where(inArray(staffUsers.id, staffIds))
    : [];

/** The PD source of this id, if there is one. */
export const pdSourceIdOf = (db: Db, sourceId: number) =>
  db.select({ id: pdSources.id }).from(pdSources).where(eq(pdSources.id, sourceId));

/** The customer of this id, if there is one. */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
