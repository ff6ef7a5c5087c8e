import { listOutbox } from "@loupe/contract";
import type { ModuleContext } from "../module-context";

export function registerOutboxRoutes({ bind, outbox }: ModuleContext): void {
  bind(listOutbox, async ({ query }) => {
    const rows = await outbox.list(query.limit);
    return {
      data: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        status: r.status,
        error: r.error,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
      })),
    };
  });
}
