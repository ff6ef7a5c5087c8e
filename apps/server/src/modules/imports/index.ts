// Switching to Loupe (issue 46): import batches of a chain's files. Its tables are not here:
// another module reads them only in its own *.queries.ts.
import type { ModuleContext } from "../module-context";
import { createImportEngine } from "./imports.engine";
import { registerImportStaffRoutes } from "./imports.routes";
import { createImportsService } from "./imports.service";
import { registerImportTasks } from "./imports.tasks";

export type {
  ImportCellError,
  ImportKindContext,
  ImportKindHandler,
  ImportOutcome,
  ImportPorts,
} from "./import-kind";
export { createImportEngine, type ImportEngine } from "./imports.engine";
export { importsCustomerMover } from "./imports.merge";
export { createImportsService, IMPORT_TASKS, type ImportsService } from "./imports.service";

/** The imports' routes and queue tasks. */
export function registerImportsRoutes(ctx: ModuleContext): void {
  const engine = createImportEngine({
    database: ctx.database,
    db: ctx.db,
    storage: ctx.storage,
    chunkRows: ctx.config.IMPORT_BATCH_ROWS,
    search: ctx.search,
    log: ctx.app.log,
  });
  const service = createImportsService({ db: ctx.db, storage: ctx.storage, queue: ctx.queue, engine });
  registerImportStaffRoutes(ctx, service);
  registerImportTasks(ctx.queue, engine);
}
