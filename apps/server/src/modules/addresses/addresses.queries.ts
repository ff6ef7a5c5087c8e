import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";

/** The customer of this id, if there is one (an address belongs to an existing customer). */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
