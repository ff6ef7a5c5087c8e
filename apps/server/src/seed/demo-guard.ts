import { sql } from "drizzle-orm";
import { customers } from "../modules/customers/customers.tables";
import { orders } from "../modules/jobs/jobs.tables";
import { staffUsers } from "../modules/staff/staff.tables";
import type { Db } from "../platform/db/client";
import { DEMO_LOGIN } from "./demo-staff";

/**
 * Above these, a database is not the demo's (300 customers and 3,000 jobs by default): the demo
 * seeder leaves it alone, whoever wrote it (issue 31: `npm run serve` on a 2M-job bench database
 * spent minutes backfilling selections for 5M items before it listened).
 */
export const DEMO_SEED_LIMIT = { customers: 20_000, jobs: 50_000 } as const;

export type DemoSeedDecision = { seed: true } | { seed: false; reason: string };

/** Rows in a table, counted no further than `limit + 1` (cheap on any size). */
async function rowsUpTo(db: Db, table: typeof customers | typeof orders, limit: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${table} limit ${limit + 1}) as t`);
  return n;
}

/**
 * Whether the demo data may be seeded here: into an empty database, or one the demo seeder wrote
 * (its administrator exists: a run that stopped half-way finishes), never into a database that holds
 * records it did not write, and never above the demo's size limit.
 */
export async function demoSeedDecision(
  db: Db,
  limit: { customers: number; jobs: number } = DEMO_SEED_LIMIT,
): Promise<DemoSeedDecision> {
  const jobs = await rowsUpTo(db, orders, limit.jobs);
  const people = await rowsUpTo(db, customers, limit.customers);
  if (jobs > limit.jobs || people > limit.customers)
    return {
      seed: false,
      reason: `the database holds more than ${limit.jobs.toLocaleString("en-AU")} jobs or ${limit.customers.toLocaleString("en-AU")} customers, more than the demo writes`,
    };
  if (jobs === 0 && people === 0) return { seed: true };
  const [demoAdmin] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.email}) = ${DEMO_LOGIN.email}`)
    .limit(1);
  if (!demoAdmin)
    return { seed: false, reason: "the database holds customers or jobs the demo seeder did not write" };
  return { seed: true };
}
