import type { Database } from "../../platform/db/client";
import { newestFirstBatches } from "../../platform/db/keyset";

/** One subscriber as the subscribers list's export writes it. */
export interface SubscriberExportRow {
  id: number;
  user_email: string;
  source_country: string;
  source_name: string;
  send_type: string;
  send_email: boolean;
  send_phone: boolean;
  send_sms: boolean;
  created_at: Date | string;
}

/** The list's e-mail filter (a part of the address, its own %, _ and \ taken literally). */
export const subscriberEmailPattern = (email: string | undefined) => {
  const e = email?.trim();
  return e ? `%${e.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
};

/** The subscribers list's filtered rows, newest first as the list shows them, in batches (issue 29). */
export function subscribersExportReader(database: Database, email: string | undefined) {
  const pattern = subscriberEmailPattern(email);
  return (size = 1000) =>
    newestFirstBatches<SubscriberExportRow>(database, {
      columns:
        "t.id, t.user_email, t.source_country, t.source_name, t.send_type, t.send_email, t.send_phone, t.send_sms, t.created_at",
      from: `from newsletter_subscribers t${pattern ? " where t.user_email ilike $1" : ""}`,
      hasWhere: !!pattern,
      params: pattern ? [pattern] : [],
      at: "t.created_at",
      size,
    });
}
