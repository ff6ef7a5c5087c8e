import type { Queue } from "../../platform/queue/queue";
import type { DuplicateFinder } from "./customer-merges.finder";

export const DUPLICATE_FINDER_TASKS = {
  /** The schedule: an incremental run (a full one when there has been none). */
  schedule: "duplicates.finder",
  /** A run asked for on the screen. */
  run: "duplicates.finder.run",
} as const;

/**
 * The finder on the one queue (ADR 0054): one run at a time, keyed, so "run now" pressed twice
 * joins the queued run. `every` 0 registers no schedule (tests run it by hand).
 */
export function registerDuplicateFinderTasks(queue: Queue, finder: DuplicateFinder, everySeconds: number) {
  queue.every(DUPLICATE_FINDER_TASKS.schedule, everySeconds, async () => {
    await queue.enqueue(DUPLICATE_FINDER_TASKS.run, { full: false }, { key: "run" });
  });
  queue.define(
    DUPLICATE_FINDER_TASKS.run,
    async ({ payload }) => {
      await finder.run(payload.full === true);
    },
    { maxAttempts: 2 },
  );
}
