import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { receiptLinkRevocations } from "./receipts.tables";

/** When the job's receipt links were last revoked, or null (ADR 0026). */
export async function receiptLinksRevokedAt(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: receiptLinkRevocations.revokedAt })
    .from(receiptLinkRevocations)
    .where(eq(receiptLinkRevocations.orderId, orderId));
  return row ? new Date(row.at) : null;
}

/**
 * Every link of the job issued until now stops opening. The time is the server's clock, the one
 * that dates the links, not the database's.
 */
export async function revokeReceiptLinksOf(db: Db, orderId: number, staffId: number): Promise<Date> {
  const revokedAt = new Date();
  const [row] = await db
    .insert(receiptLinkRevocations)
    .values({ orderId, revokedBy: staffId, revokedAt })
    .onConflictDoUpdate({
      target: receiptLinkRevocations.orderId,
      set: { revokedAt, revokedBy: staffId },
    })
    .returning({ at: receiptLinkRevocations.revokedAt });
  return new Date(row.at);
}
