import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { CreditNoteInput } from "../jobs";
import { creditNoteCounters, creditNotes } from "./receipts.tables";

// What a credit note says is jobs' word: jobs asks for one through its issueCreditNoteSlot.
export type { CreditNoteInput } from "../jobs";

/** "AU1-CN-000042": the country, the region whose sequence it is, and the number. */
export const creditNoteCode = (countryCode: string, regionId: number, n: number) =>
  `${countryCode}${regionId}-CN-${String(n).padStart(6, "0")}`;

/**
 * Issues the refund's credit note with the region's next number (ADR 0033). Call it inside the
 * transaction that records the refund: the counter row stays locked until that commits, so numbers
 * follow one another without gaps, and a refund recorded twice (a retry) keeps its first note.
 */
export async function issueCreditNote(tx: Db, input: CreditNoteInput): Promise<string> {
  const [existing] = await tx
    .select({ code: creditNotes.code })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, input.refundId));
  if (existing) return existing.code;
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ regionId: input.regionId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.regionId,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` },
    })
    .returning();
  const number = counter.lastNumber;
  const code = creditNoteCode(input.countryCode, input.regionId, number);
  await tx.insert(creditNotes).values({
    regionId: input.regionId,
    number,
    code,
    orderId: input.orderId,
    refundId: input.refundId,
    amountMinor: input.amountMinor,
    reason: input.reason,
    destination: input.destination,
    lines: input.lines,
    issuedBy: input.issuedBy,
    approvedBy: input.approvedBy,
  });
  return code;
}
