import {
  listOutbox,
  listOutboxAttempts,
  type OutboxAttemptWire,
  type OutboxMessageWire,
  retryOutboxMessage,
} from "@loupe/contract";
import { ADMIN_ROLE_ID } from "@loupe/domain";
import { AppError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import type { ModuleContext } from "../module-context";
import type { OutboxAttemptRow, OutboxRow } from "./outbox.service";
import { registerOutboxDelivery } from "./outbox.worker";

const toWire = (r: OutboxRow): OutboxMessageWire => ({
  id: r.id,
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  status: r.status,
  error: r.error,
  attempts: r.attempts,
  retryable: r.retryable,
  next_attempt_at: r.status === "queued" ? r.nextAttemptAt.toISOString() : null,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
});

const attemptWire = (a: OutboxAttemptRow): OutboxAttemptWire => ({
  id: a.id,
  attempted_at: a.attemptedAt.toISOString(),
  outcome: a.outcome,
  error: a.error,
  adapter: a.adapter,
});

// Every message the system sent, to every customer: administrators only.
function adminOnly(staff: StaffUserRow) {
  if (staff.roleId !== ADMIN_ROLE_ID) {
    throw new AppError("forbidden", "Only administrators can see the outbox.");
  }
}

export function registerOutboxRoutes({ bind, config, outbox, queue }: ModuleContext): void {
  registerOutboxDelivery(queue, outbox, config.OUTBOX_POLL_SECONDS);
  bind(listOutbox, async ({ query, staff }) => {
    adminOnly(staff);
    const rows = await outbox.list(query.limit, query.status);
    return { data: rows.map(toWire) };
  });
  bind(listOutboxAttempts, async ({ params, staff }) => {
    adminOnly(staff);
    return { data: (await outbox.attemptsOf(params.id)).map(attemptWire) };
  });
  bind(retryOutboxMessage, async ({ params, staff }) => {
    adminOnly(staff);
    return { data: toWire(await outbox.retry(params.id)) };
  });
}
