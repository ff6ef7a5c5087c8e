import { type DeadTaskWire, discardDeadTask, getBackgroundQueue, retryDeadTask } from "@loupe/contract";
import { ADMIN_ROLE_ID } from "@loupe/domain";
import { AppError, notFound } from "../http/app-error";
import type { StaffUserRow } from "../http/auth-guard";
import type { Binder } from "../http/bind";
import type { DeadTask, Queue } from "./queue";

const toWire = (t: DeadTask): DeadTaskWire => ({
  id: t.id,
  kind: t.kind,
  key: t.key,
  attempts: t.attempts,
  last_error: t.lastError,
  run_at: t.runAt.toISOString(),
  dead_at: t.deadAt.toISOString(),
  created_at: t.createdAt.toISOString(),
});

// A dead task's error may name a customer's address or a provider's answer: administrators only.
function adminOnly(staff: StaffUserRow) {
  if (staff.roleId !== ADMIN_ROLE_ID)
    throw new AppError("forbidden", "Only administrators can see the background queue.");
}

/** The administrators' view of the queue (ADR 0054): counts by kind, the dead letter, retry and discard. */
export function registerQueueRoutes(bind: Binder, queue: Queue): void {
  bind(getBackgroundQueue, async ({ query, staff }) => {
    adminOnly(staff);
    const [kinds, dead] = await Promise.all([queue.counts(), queue.dead(query.limit)]);
    return { data: { kinds, dead: dead.map(toWire) } };
  });
  bind(retryDeadTask, async ({ params, staff }) => {
    adminOnly(staff);
    if (!(await queue.retryDead(params.id))) throw notFound("Dead task");
    return { data: { id: params.id } };
  });
  bind(discardDeadTask, async ({ params, staff }) => {
    adminOnly(staff);
    if (!(await queue.discardDead(params.id))) throw notFound("Dead task");
    return { data: { id: params.id } };
  });
}
