// Duplicate customers: the finder, the possible-duplicates list, merges and their undo (issue 46).
// Its tables are not here: another module reads them only in its own *.queries.ts.
import type { ModuleContext } from "../module-context";
import { createDuplicateFinder } from "./customer-merges.finder";
import { registerCustomerMergesRoutes as registerRoutes } from "./customer-merges.routes";
import { createCustomerMergesService } from "./customer-merges.service";
import { registerDuplicateFinderTasks } from "./customer-merges.tasks";

export { createDuplicateFinder, type DuplicateFinder, type FinderRunResult } from "./customer-merges.finder";
export { type CustomerMergesService, createCustomerMergesService } from "./customer-merges.service";
export { DUPLICATE_FINDER_TASKS } from "./customer-merges.tasks";

export function registerCustomerMergesRoutes(ctx: ModuleContext): void {
  const service = createCustomerMergesService({ database: ctx.database, db: ctx.db, search: ctx.search });
  const finder = createDuplicateFinder(ctx.db);
  registerRoutes(ctx, service, finder, ctx.queue);
  registerDuplicateFinderTasks(ctx.queue, finder, ctx.config.DUPLICATE_FINDER_SECONDS);
}
