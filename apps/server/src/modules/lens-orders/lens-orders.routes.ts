import {
  cancelHoyaOrder,
  cancelLensOrder,
  cancelShamirOrder,
  checkLensOrderStatus,
  countLensOrders,
  getLensOrderRecord,
  getLensOrderSheet,
  getSupplier,
  listItemLensOrders,
  listNotSentLensOrders,
  placeLensOrder,
  resendLensOrder,
  updateLensOrder,
} from "@loupe/contract";
import { LENS_ORDER_MESSAGES } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/app-error";
import { requestContext } from "../access-log";
import { lensOrderSummariesSlot, lensOrderSummarySqlSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { contactHasOrdersSlot, createSuppliersService } from "../suppliers";
import { createLensOrderNotSent } from "./lens-order-not-sent";
import { contactHasOrders, lensOrderSummaries, lensOrderSummarySql } from "./lens-orders.queries";
import { createLensOrdersService } from "./lens-orders.service";
import { createLensStatusPoller } from "./lens-status-poller";

const auditOf = (req: FastifyRequest) => {
  const { staff, screen, route, requestId, address } = requestContext(req);
  return { staff, screen, route, requestId, address };
};

export function registerLensOrdersRoutes({
  app,
  bind,
  database,
  config,
  search,
  lensSuppliers,
  outbox,
  queue,
  slots,
}: ModuleContext): void {
  // A supplier contact some lens order went through is kept (made inactive) when removed.
  contactHasOrdersSlot.provide(slots, contactHasOrders);
  // An item's wire shows its lens order (jobs sits below lens orders): read by item ids, or as a part
  // of the job detail's one statement.
  lensOrderSummariesSlot.provide(slots, lensOrderSummaries);
  lensOrderSummarySqlSlot.provide(slots, lensOrderSummarySql);
  const suppliersService = createSuppliersService({ db: database.db, slots });
  const service = createLensOrdersService({
    database,
    suppliers: lensSuppliers,
    suppliersService,
    search,
    timeoutMs: config.LENS_SUPPLIER_TIMEOUT_MS,
    pollEverySeconds: config.LENS_STATUS_POLL_SECONDS || 60,
  });
  app.decorate("lensOrders", service);
  const notSent = createLensOrderNotSent({ database, search, service, maxTries: outbox.policy.maxTries });
  // An e-mailed order the outbox gives up on must not keep reading "Sent" (issue 33).
  outbox.onGivenUp(notSent.onGivenUp);

  bind(resendLensOrder, async ({ staff, params, req }) => ({
    message: LENS_ORDER_MESSAGES.resent,
    data: await notSent.resend(staff, params.id, auditOf(req)),
  }));
  bind(listNotSentLensOrders, async ({ query }) => ({
    data: await notSent.listForOutlet(query.outlet_id, query.limit),
  }));

  bind(placeLensOrder, async ({ staff, body, req }) => {
    const key = req.headers["idempotency-key"];
    return {
      message: LENS_ORDER_MESSAGES.ordered,
      data: await service.place(staff, body, auditOf(req), typeof key === "string" ? key : undefined),
    };
  });
  bind(countLensOrders, async ({ query }) => ({ data: await service.count(query.order_item_id) }));
  bind(checkLensOrderStatus, async ({ query }) => ({ data: await service.statusCheck(query) }));
  bind(listItemLensOrders, async ({ params }) => ({ data: await service.listForItem(params.id) }));
  bind(getSupplier, async ({ params, query }) => ({
    data:
      query.order_item_id != null
        ? await service.supplierForItem(params.id, query.order_item_id)
        : await suppliersService.one(params.id),
  }));
  bind(cancelHoyaOrder, async ({ staff, query }) => ({
    message: LENS_ORDER_MESSAGES.hoyaCancelled,
    data: await service.cancel(
      staff,
      await service.hoyaOrderOf(query.order_item_id, query.lens_order_id),
      "hoya",
    ),
  }));
  bind(cancelShamirOrder, async ({ staff, params }) => {
    try {
      return {
        message: LENS_ORDER_MESSAGES.cancelled,
        data: await service.cancel(staff, params.id, "shamir"),
      };
    } catch (err) {
      // §8: the Shamir cancel's failure reads "Error cancelling order"; the reason stays in `errors`.
      if (err instanceof AppError && err.code !== "not_found")
        throw new AppError(err.code, LENS_ORDER_MESSAGES.cancelFailed, { reason: [err.message] });
      throw err;
    }
  });
  bind(cancelLensOrder, async ({ staff, params }) => ({
    message: LENS_ORDER_MESSAGES.cancelled,
    data: await service.cancel(staff, params.id),
  }));
  bind(updateLensOrder, async ({ staff, body }) => ({
    message: LENS_ORDER_MESSAGES.updated,
    data: await service.update(staff, body),
  }));
  bind(getLensOrderRecord, async ({ params, reply }) => {
    const row = await service.record(params.id);
    return reply
      .type("text/plain; charset=us-ascii")
      .header("content-disposition", contentDisposition(`${row.reference}.vca`))
      .header("x-content-type-options", "nosniff")
      .send(row.record);
  });
  bind(getLensOrderSheet, async ({ params, reply }) => {
    const { row, pdf } = await service.sheet(params.id);
    return reply
      .type("application/pdf")
      .header("content-disposition", contentDisposition(`${row.reference}.pdf`, { type: "inline" }))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "sandbox")
      .send(pdf);
  });

  const poller = createLensStatusPoller({
    database,
    service,
    intervalSeconds: config.LENS_STATUS_POLL_SECONDS,
    log: app.log,
    sweep: () => notSent.sweep(),
  });
  app.decorate("lensStatusPoller", poller);
  queue.every("lens-orders.poll", config.LENS_STATUS_POLL_SECONDS, () => poller.pollOnce());
}

declare module "fastify" {
  interface FastifyInstance {
    /** The lens orders service and its poller, for tests that move the lab simulator's clock. */
    lensOrders: ReturnType<typeof createLensOrdersService>;
    lensStatusPoller: ReturnType<typeof createLensStatusPoller>;
  }
}
