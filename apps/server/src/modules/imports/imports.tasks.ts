import { StoredBytesMissing } from "../../integrations/file-storage";
import type { Queue } from "../../platform/queue/queue";
import type { ImportEngine } from "./imports.engine";
import { IMPORT_TASKS } from "./imports.service";

/** A file that cannot be read (gone from the store, not CSV or XLSX past its first rows) fails the batch; anything else is retried. */
const unreadable = (err: unknown) =>
  err instanceof StoredBytesMissing ||
  (err instanceof Error &&
    /^(CSV_|Invalid|Corrupted zip|End of data)/i.test(
      `${(err as { code?: string }).code ?? ""}${err.message}`,
    ));

/**
 * The imports' background work on the one queue (ADR 0054). A run that fails part-way is retried
 * by the queue and carries on from its cursor; it is never run from the start again.
 */
export function registerImportTasks(queue: Queue, engine: ImportEngine) {
  const guard =
    (work: (id: number) => Promise<void>, maxAttempts: number) =>
    async ({ payload, attempt }: { payload: Record<string, unknown>; attempt: number }) => {
      const id = Number(payload.batchId);
      try {
        await work(id);
      } catch (err) {
        // Retried while the queue tries again; the last try (or a file that cannot be read) fails the
        // batch with the reason, so that it never stays "importing" with no one working on it.
        if (!unreadable(err) && attempt < maxAttempts) throw err;
        await engine.fail(id, err);
      }
    };
  queue.define(IMPORT_TASKS.check, guard(engine.dryRun, 5), { maxAttempts: 5 });
  queue.define(IMPORT_TASKS.run, guard(engine.run, 20), { maxAttempts: 20 });
  queue.define(IMPORT_TASKS.undo, guard(engine.undo, 20), { maxAttempts: 20 });
}
