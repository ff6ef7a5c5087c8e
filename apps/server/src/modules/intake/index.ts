// Sales from the point of sale and the web shop into jobs (issue 45, ADR 0059). Its tables are not
// here: another module reads them only in its own *.queries.ts.
import { reindexJobs } from "../jobs";
import type { ModuleContext } from "../module-context";
import { registerIntakeStaffRoutes, registerIntakeWebhook } from "./intake.routes";
import { createIntakeService } from "./intake.service";
import { registerIntakeTasks } from "./intake.tasks";

export {
  type ProcessChoice,
  type ProcessOutcome,
  processSale,
  type ReceiveOutcome,
  receiveSale,
} from "./intake.process";
export { regionSkus } from "./intake.queries";
export {
  createIntakeService,
  INTAKE_KEEP_DAYS,
  INTAKE_TASKS,
  type IntakeService,
  type WebhookAnswer,
} from "./intake.service";

/** The intake's routes, webhook and queue tasks, on the stores the composition root chose. */
export function registerIntakeRoutes(ctx: ModuleContext): void {
  const service = createIntakeService({
    db: ctx.db,
    queue: ctx.queue,
    sales: ctx.sales,
    reindexJobs: (orderIds) =>
      orderIds.length
        ? reindexJobs(ctx.database, ctx.search, orderIds).catch((err) => {
            ctx.app.log.warn({ err }, "reindex after intake failed");
          })
        : Promise.resolve(),
  });
  registerIntakeStaffRoutes(ctx, service);
  registerIntakeWebhook(ctx, ctx.sales, service);
  registerIntakeTasks(ctx.queue, ctx.sales, service, {
    syncSeconds: ctx.config.INTAKE_SYNC_SECONDS,
    log: ctx.app.log,
  });
}
export { intakeCustomerMover } from "./intake.merge";
