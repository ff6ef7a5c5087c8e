import {
  getJob,
  type JobsQuery,
  listGoOrders,
  listJobs,
  listJobsLegacy,
  listJobTabs,
  listLateJobs,
  searchJobsIndex,
  setItemStatus,
  setItemsOutlet,
  setItemsStatus,
  setJobPriority,
  setJobStatus,
} from "@loupe/contract";
import { notFound } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { goOrdersSearch, toGoOrderWires } from "./go-orders";
import { createJobsService } from "./jobs.service";

export function registerJobsRoutes({ bind, database, config, search }: ModuleContext): void {
  const brandSlug = config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]/g, "");
  const service = createJobsService({ database, brandSlug, search, links: { posUrl: config.POS_URL } });
  const paged = async (query: JobsQuery) => {
    const { rows, total, page, perPage } = await service.list(query);
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
  bind(searchJobsIndex, async ({ query }) => ({ data: await service.searchIndex(query) }));
  bind(listGoOrders, async ({ params, query }) => {
    // Only this brand's GO channel exists on this shop.
    if (params.channel !== `${brandSlug}go`) throw notFound("Channel");
    const { ids, total } = await service.searchSql(goOrdersSearch(query));
    return { data: await toGoOrderWires(database.db, ids), total, per_page: query.per_page };
  });
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
