import {
  getJob,
  listJobs,
  listJobsLegacy,
  listJobTabs,
  listLateJobs,
  setItemStatus,
  setItemsOutlet,
  setItemsStatus,
  setJobPriority,
  setJobStatus,
} from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createJobsService } from "./jobs.service";

export function registerJobsRoutes({ bind, database, config }: ModuleContext): void {
  const service = createJobsService({
    database,
    brandSlug: config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]/g, ""),
  });
  const paged = async (query: unknown) => {
    const { rows, total, page, perPage } = await service.list(query as never);
    return {
      data: rows,
      meta: {
        pagination: {
          total,
          count: rows.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      },
    };
  };
  bind(listJobs, ({ query }) => paged(query));
  bind(listJobsLegacy, ({ query }) => paged(query));
  bind(listLateJobs, ({ query }) => paged({ ...query, customFilter: "late-orders" }));
  bind(getJob, async ({ params }) => ({ data: await service.detail(params.id) }));
  bind(listJobTabs, async () => ({ data: await service.tabs() }));
  bind(setJobStatus, async ({ staff, params, body }) => ({
    data: await service.setOrderStatus(staff, params.id, body.dispense_status_id),
  }));
  bind(setItemStatus, async ({ staff, params, body }) => ({
    data: await service.setItemStatus(staff, params.id, body.id),
  }));
  bind(setItemsStatus, async ({ staff, body }) => ({
    data: await service.setItemsStatus(staff, body.item_ids, body.status_id),
  }));
  bind(setItemsOutlet, async ({ staff, body }) => ({
    data: await service.setItemsOutlet(staff, body.item_ids, body.outlet_id),
  }));
  bind(setJobPriority, async ({ staff, params, body }) => ({
    data: await service.setPriority(staff, params.id, body.priority),
  }));
}
