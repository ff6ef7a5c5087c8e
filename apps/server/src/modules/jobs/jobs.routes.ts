import {
  changeOrderCustomer,
  getJob,
  type JobsQuery,
  listGoOrders,
  listJobEvents as listJobEventsEndpoint,
  listJobs,
  listJobsLegacy,
  listJobTabs,
  listLateJobs,
  orderRefundable,
  refundOrder,
  refundOrderPartly,
  relateOrder,
  searchJobsIndex,
  setItemStatus,
  setItemsOutlet,
  setItemsStatus,
  setJobPriority,
  setJobStatus,
} from "@loupe/contract";
import { CUSTOMER_CHANGED, CUSTOMER_CHANGED_NOTICE, ORDER_LINKED, REFUND_SUCCESS } from "@loupe/domain";
import { notFound } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { outletTimeZoneOf } from "../reference";
import { goOrdersSearch, toGoOrderWires } from "./go-orders";
import { createJobActionsService } from "./job-actions.service";
import { listJobEvents } from "./job-events.queries";
import { createJobsService } from "./jobs.service";
import { jobDetailPortSlot, receiptLinksSlot } from "./jobs.slots";
import { createPartialRefundsService } from "./partial-refunds.service";
import { createRefundsService } from "./refunds.service";
import { registerWorkshopRoutes } from "./workshop.routes";

export function registerJobsRoutes(ctx: ModuleContext): void {
  const { bind, database, config, search, payments, slots } = ctx;
  const brandSlug = config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]/g, "");
  const service = createJobsService({
    database,
    brandSlug,
    search,
    // The receipts module signs the links; read when a wire is made, after every module registered.
    links: {
      posUrl: config.POS_URL,
      receipt: { link: (id, customerId) => receiptLinksSlot.get(slots).link(id, customerId) },
    },
    slots,
  });
  jobDetailPortSlot.provide(slots, { detail: (id) => service.detail(id), reindex: service.reindex });
  const refunds = createRefundsService({
    database,
    gateway: payments,
    detail: (id) => service.detail(id),
    reindex: service.reindex,
    slots,
  });
  const partialRefunds = createPartialRefundsService({
    database,
    gateway: payments,
    detail: (id) => service.detail(id),
    reindex: service.reindex,
    slots,
  });
  const actions = createJobActionsService({ db: database.db, reindex: service.reindex, slots });
  // A day in the filter is a day on the staff member's outlet's clock (ADR 0035).
  const zoneOf = (staff: { outletId: number | null; regionId: number | null }) =>
    outletTimeZoneOf(database.db, staff.outletId, staff.regionId);
  const paged = async (query: JobsQuery, timeZone: string) => {
    const { rows, total, totalKind, page, perPage } = await service.list(query, timeZone);
    return {
      data: rows,
      meta: {
        pagination: {
          total,
          // "1,000+" past the cap of a search or combined filters (ADR 0041); absent means exact.
          ...(totalKind === "exact" ? {} : { total_kind: totalKind }),
          count: rows.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      },
    };
  };
  bind(listJobs, async ({ query, staff }) => paged(query, await zoneOf(staff)));
  bind(listJobsLegacy, async ({ query, staff }) => paged(query, await zoneOf(staff)));
  bind(listLateJobs, async ({ query, staff }) =>
    paged({ ...query, customFilter: "late-orders" }, await zoneOf(staff)),
  );
  bind(searchJobsIndex, async ({ query, staff }) => ({
    data: await service.searchIndex(query, await zoneOf(staff)),
  }));
  bind(listGoOrders, async ({ params, query }) => {
    // Only this brand's GO channel exists on this shop.
    if (params.channel !== `${brandSlug}go`) throw notFound("Channel");
    const { ids, total } = await service.searchSql(goOrdersSearch(query));
    return { data: await toGoOrderWires(database.db, ids, slots), total, per_page: query.per_page };
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
    data: await service.setItemsStatus(staff, body.item_ids, body.status_id, body.from_status_id),
  }));
  bind(setItemsOutlet, async ({ staff, body }) => ({
    data: await service.setItemsOutlet(staff, body.item_ids, body.outlet_id),
  }));
  bind(setJobPriority, async ({ staff, params, body }) => ({
    data: await service.setPriority(staff, params.id, body.priority),
  }));
  bind(refundOrder, async ({ staff, params, body, req }) => {
    const key = req.headers["idempotency-key"];
    const data = await refunds.refund(
      staff,
      params.id,
      body.reason,
      typeof key === "string" ? key : undefined,
    );
    return { message: REFUND_SUCCESS, data };
  });
  bind(refundOrderPartly, async ({ staff, params, body, req }) => {
    const key = req.headers["idempotency-key"];
    const data = await partialRefunds.refund(
      staff,
      params.id,
      body,
      typeof key === "string" ? key : undefined,
    );
    return { message: REFUND_SUCCESS, data };
  });
  bind(orderRefundable, async ({ params }) => ({ data: await partialRefunds.refundableOf(params.id) }));
  bind(changeOrderCustomer, async ({ staff, body }) => {
    await actions.changeCustomer(staff, body.order_id, body.customer_id);
    return {
      message: CUSTOMER_CHANGED,
      notice: CUSTOMER_CHANGED_NOTICE,
      data: await service.detail(body.order_id),
    };
  });
  bind(relateOrder, async ({ staff, params, body }) => {
    await actions.link(staff, params.id, body.related_order_id);
    return { message: ORDER_LINKED, data: await service.detail(params.id) };
  });
  bind(listJobEventsEndpoint, async ({ params }) => {
    const timeline = await listJobEvents(database.db, params.id);
    if (!timeline) throw notFound("Order");
    return { data: timeline };
  });
  registerWorkshopRoutes(ctx, service);
}
