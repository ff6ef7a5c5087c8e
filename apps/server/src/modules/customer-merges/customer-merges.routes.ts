import {
  dismissDuplicatePair,
  getDuplicateFinder,
  listCustomerMerges,
  listDuplicatePairs,
  mergeCustomers,
  previewCustomerMerge,
  runDuplicateFinder,
  undoCustomerMerge,
} from "@loupe/contract";
import { MERGE_MESSAGES } from "@loupe/domain";
import type { Queue } from "../../platform/queue/queue";
import type { ModuleContext } from "../module-context";
import type { DuplicateFinder } from "./customer-merges.finder";
import { duplicatePairsPage, duplicatePairWire } from "./customer-merges.pairs";
import type { CustomerMergesService } from "./customer-merges.service";
import { DUPLICATE_FINDER_TASKS } from "./customer-merges.tasks";

const paged = <T>(data: T[], total: number, page: number, perPage: number) => ({
  data,
  meta: {
    pagination: {
      total,
      total_kind: "exact" as const,
      count: data.length,
      per_page: perPage,
      current_page: page,
      total_pages: Math.max(1, Math.ceil(total / perPage)),
    },
  },
});

export function registerCustomerMergesRoutes(
  { bind, db }: ModuleContext,
  service: CustomerMergesService,
  finder: DuplicateFinder,
  queue: Queue,
): void {
  bind(listDuplicatePairs, async ({ staff, query }) => {
    await service.decide(staff, "find_duplicates", {});
    const { data, total } = await duplicatePairsPage(db, query.state, query.page, query.per_page);
    return paged(data, total, query.page, query.per_page);
  });
  bind(getDuplicateFinder, async ({ staff }) => {
    await service.decide(staff, "find_duplicates", {});
    return { data: await finder.status() };
  });
  bind(runDuplicateFinder, async ({ staff, body, reply }) => {
    await service.decide(staff, "find_duplicates", {});
    await queue.enqueue(DUPLICATE_FINDER_TASKS.run, { full: body.full }, { key: "run" });
    reply.status(202);
    return { data: { ...(await finder.status()), running: true } };
  });
  bind(dismissDuplicatePair, async ({ staff, params }) => {
    const row = await service.dismiss(staff, params.id);
    return { message: MERGE_MESSAGES.dismissed, data: await duplicatePairWire(db, row) };
  });
  bind(previewCustomerMerge, async ({ staff, params, req }) => ({
    data: await service.preview(staff, params.keep, params.lose, req),
  }));
  bind(mergeCustomers, async ({ staff, body, req, reply }) => {
    const { created, data } = await service.merge(staff, body, req);
    // A retry of a merge already made answers it again (200), not a second one.
    reply.status(created ? 201 : 200);
    return { message: MERGE_MESSAGES.merged, data };
  });
  bind(listCustomerMerges, async ({ staff, query }) => {
    await service.decide(staff, "find_duplicates", {});
    const { rows, total } = await service.list(query.page, query.per_page, query.customer_id);
    return paged(rows, total, query.page, query.per_page);
  });
  bind(undoCustomerMerge, async ({ staff, params, body, req }) => ({
    message: MERGE_MESSAGES.undone,
    data: await service.undo(staff, params.id, body, req),
  }));
}
