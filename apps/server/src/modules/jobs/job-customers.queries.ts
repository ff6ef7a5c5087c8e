import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";

// The customer rows the jobs module reads (customers owns the table). Each answers the query
// itself (not awaited here), so a caller's `Promise.all` runs it when it did before.

/** A customer by id. */
export const customerById = (db: Db, id: number) => db.select().from(customers).where(eq(customers.id, id));

/** Customers by id. */
export const customersByIds = (db: Db, ids: number[]) =>
  db.select().from(customers).where(inArray(customers.id, ids));
