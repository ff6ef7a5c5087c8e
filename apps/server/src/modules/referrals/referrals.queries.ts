import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { referrals } from "./referrals.tables";

/** Those of these customers that exist. */
export const customerIdsOf = (db: Db, ids: number[]) =>
  db.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));

/** The customers a customer has invited. */
export const invitedBy = (db: Db, referrerId: number) =>
  db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(referrals)
    .innerJoin(customers, eq(customers.id, referrals.refereeId))
    .where(eq(referrals.referrerId, referrerId));

/** The referral a customer was invited by, with the customer who invited them. */
export const referralOf = (db: Db, refereeId: number) =>
  db
    .select({ referral: referrals, referrer: customers })
    .from(referrals)
    .innerJoin(customers, eq(customers.id, referrals.referrerId))
    .where(eq(referrals.refereeId, refereeId));

/** Locks the inviter's row in `tx`, so two invites at once cannot both take the last free invite. */
export const lockCustomer = (tx: Db, customerId: number) =>
  tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
