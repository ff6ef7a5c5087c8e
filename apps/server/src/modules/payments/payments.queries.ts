import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { outlets } from "../reference/reference.tables";

// The rows of other modules the payments module reads (customers, jobs, reference own them).

/** A customer's id, if it exists. */
export const customerIdById = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));

/** A job's id, if it exists. */
export const orderIdById = (db: Db, orderId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));

/** An outlet by id (the staff member's, for the payment's note). */
export const outletById = (db: Db, outletId: number) =>
  db.select().from(outlets).where(eq(outlets.id, outletId));
