import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { nextVersion } from "../../platform/db/versioning";
import { recordAccess } from "../access-log";
import { customers } from "./customers.tables";

/**
 * A customer's reply to our SMS number switched their SMS channel off (STOP) or on again (UNSTOP,
 * issue 27). Every customer whose mobile is this number changes: the row's version moves on (an
 * edit opened before it is refused as stale, ADR 0007) and the access log records who asked (the
 * customer, by reply: no staff member) and which field changed, in the same transaction.
 * `digitsForms` are the number's digit strings as staff may have typed them (0412…, 61412…, 412…).
 */
export async function setSmsConsentFromReply(
  db: Db,
  digitsForms: string[],
  on: boolean,
  reason: string,
): Promise<number[]> {
  if (!digitsForms.length) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(customers)
      .set({ channelSms: on, ...nextVersion(customers, null) })
      .where(
        sql`${inArray(sql`regexp_replace(coalesce(${customers.mobile}, ''), '[^0-9]', '', 'g')`, digitsForms)} and ${customers.channelSms} <> ${on}`,
      )
      .returning({ id: customers.id });
    if (rows.length)
      await recordAccess(
        tx as unknown as Db,
        rows.map((r) => ({
          staff: null,
          action: "update" as const,
          resource: "customer" as const,
          resourceId: r.id,
          customerId: r.id,
          screen: "SMS reply",
          outcome: "allowed" as const,
          reason,
          changedFields: ["channel_sms"],
        })),
      );
    return rows.map((r) => r.id);
  });
}
