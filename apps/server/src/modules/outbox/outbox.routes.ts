import { listOutbox } from "@loupe/contract";
import { ADMIN_ROLE_ID } from "@loupe/domain";
import { AppError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";

export function registerOutboxRoutes({ bind, outbox }: ModuleContext): void {
  bind(listOutbox, async ({ query, staff }) => {
    // Every message the system sent, to every customer: administrators only.
    if (staff.roleId !== ADMIN_ROLE_ID) {
      throw new AppError("forbidden", "Only administrators can see the outbox.");
    }
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
