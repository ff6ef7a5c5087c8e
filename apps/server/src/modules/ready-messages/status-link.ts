import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { jobStatusLinks } from "./ready-messages.tables";

/** The job's status-link facts: reads, last read, last revoked. */
export async function statusLinkOf(db: Db, orderId: number) {
  const [row] = await db.select().from(jobStatusLinks).where(eq(jobStatusLinks.orderId, orderId));
  return row ?? { orderId, reads: 0, lastReadAt: null, revokedAt: null, revokedBy: null };
}

/** One more read of the job's status page (one statement: parallel reads all count). */
export async function countStatusRead(db: Db, orderId: number, at: Date): Promise<void> {
  await db
    .insert(jobStatusLinks)
    .values({ orderId, reads: 1, lastReadAt: at })
    .onConflictDoUpdate({
      target: jobStatusLinks.orderId,
      set: { reads: sql`${jobStatusLinks.reads} + 1`, lastReadAt: at },
    });
}

/** Every link of the job issued until now stops opening (the server's clock dates links). */
export async function revokeStatusLinks(db: Db, orderId: number, staffId: number): Promise<Date> {
  const revokedAt = new Date();
  await db
    .insert(jobStatusLinks)
    .values({ orderId, revokedAt, revokedBy: staffId })
    .onConflictDoUpdate({ target: jobStatusLinks.orderId, set: { revokedAt, revokedBy: staffId } });
  return revokedAt;
}
