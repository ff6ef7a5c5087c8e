import { IMPORTED_SOURCE_SLUG } from "@loupe/domain";
import { eq } from "drizzle-orm";
import { builtOnce } from "../../platform/db/built-once";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { pdSources } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { pds } from "./pds.tables";

/** One PD with its writer's name, in one statement (the name was a second round trip), its SQL built once. */
export const pdWithWriter = builtOnce(["id"], (db, { id }) =>
  db
    .select({ pd: pds, writerFirst: staffUsers.firstName, writerLast: staffUsers.lastName })
    .from(pds)
    .leftJoin(staffUsers, eq(staffUsers.id, pds.staffUserId))
    .where(eq(pds.id, id)),
);

/** The PD source of this id, if there is one. */
export const pdSourceIdOf = (db: Db, sourceId: number) =>
  db.select({ id: pdSources.id }).from(pdSources).where(eq(pdSources.id, sourceId));

/** The source imported PDs carry (reference data, issue 46), or null if a database lacks it. */
export async function importedPdSourceId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: pdSources.id })
    .from(pdSources)
    .where(eq(pdSources.slug, IMPORTED_SOURCE_SLUG));
  return row?.id ?? null;
}

/** The customer of this id, if there is one. */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
