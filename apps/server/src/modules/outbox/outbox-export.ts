import type { Database } from "../../platform/db/client";
import { newestFirstBatches } from "../../platform/db/keyset";
import type { OutboxRow } from "./outbox.service";

/** One message as the outbox export writes it. */
export interface OutboxExportRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  attempts: number;
  error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

/** Every message (or one status's), newest first as the outbox screen lists them, in batches (issue 29). */
export function outboxExportReader(database: Database, status: OutboxRow["status"] | undefined) {
  return (size = 1000) =>
    newestFirstBatches<OutboxExportRow>(database, {
      columns:
        "t.id, t.channel, t.recipient, t.subject, t.body, t.status, t.attempts, t.error, t.created_at, t.sent_at",
      from: `from outbox_messages t${status ? " where t.status = $1" : ""}`,
      hasWhere: !!status,
      params: status ? [status] : [],
      at: "t.created_at",
      size,
    });
}
