import type { SmsDeliveryReport } from "@loupe/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { smsDeliveryReports, smsInboundMessages } from "./ready-messages.tables";

/**
 * Records an inbound SMS by the provider's id, inside the caller's transaction (the change it asks
 * for commits with it, or neither does). False when that id was seen before: a repeat or a replay.
 */
export async function firstTimeInbound(tx: Db, messageSid: string, intent: string | null): Promise<boolean> {
  const rows = await tx
    .insert(smsInboundMessages)
    .values({ messageSid, intent })
    .onConflictDoNothing()
    .returning({ messageSid: smsInboundMessages.messageSid });
  return rows.length === 1;
}

/** The newest delivery report kept for a message, or null before the first. */
export async function keptDeliveryReport(db: Db, messageSid: string): Promise<SmsDeliveryReport | null> {
  const [row] = await db
    .select({ stage: smsDeliveryReports.stage, at: smsDeliveryReports.providerAt })
    .from(smsDeliveryReports)
    .where(eq(smsDeliveryReports.messageSid, messageSid));
  return row ?? null;
}

/**
 * Keeps a delivery report if it is newer than the one kept (the same test as domain's
 * smsDeliveryReportIsNewer, in the statement, so two reports racing each other cannot both win
 * against a stale read). Answers whether it was kept.
 */
export async function keepDeliveryReport(
  db: Db,
  messageSid: string,
  status: string,
  report: SmsDeliveryReport,
): Promise<boolean> {
  const t = smsDeliveryReports;
  const rows = await db
    .insert(t)
    .values({ messageSid, status, stage: report.stage, providerAt: report.at })
    .onConflictDoUpdate({
      target: t.messageSid,
      set: { status, stage: report.stage, providerAt: report.at, receivedAt: sql`now()` },
      setWhere: sql`excluded.stage > ${t.stage} or (excluded.stage = ${t.stage} and excluded.provider_at > ${t.providerAt})`,
    })
    .returning({ messageSid: t.messageSid });
  return rows.length === 1;
}
