import {
  cancelShipment,
  createAuPostOrder,
  createManualShipment,
  createSendleOrder,
  getManifestSummary,
  getShippingLabel,
  getShippingQuote,
  listShippingManifests,
  runShippingManifest,
} from "@loupe/contract";
import { shippingMessages } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply } from "fastify";
import { jobShipmentSqlSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { createManifests } from "./manifests";
import { toManifestWire } from "./shipping.mappers";
import { jobShipmentSql } from "./shipping.queries";
import { createShippingService } from "./shipping.service";
import { createTrackingPoller } from "./tracking-poller";

/** A PDF shown inline, never sniffed or run as a page. */
function sendPdf(reply: FastifyReply, { pdf, name }: { pdf: Buffer; name: string }) {
  return reply
    .type("application/pdf")
    .header("content-disposition", contentDisposition(name, { type: "inline" }))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "sandbox")
    .send(pdf);
}

export function registerShippingRoutes({
  app,
  bind,
  database,
  config,
  couriers,
  queue,
  slots,
}: ModuleContext): void {
  // The job detail shows its shipment (jobs sits below shipping).
  jobShipmentSqlSlot.provide(slots, jobShipmentSql);
  const service = createShippingService({ database, couriers, config });
  bind(getShippingQuote, async ({ body }) => ({ data: await service.quote(body) }));
  bind(createAuPostOrder, async ({ staff, body }) => ({
    message: shippingMessages.created,
    data: await service.createAuPostOrder(staff, body),
  }));
  bind(createSendleOrder, async ({ staff, body }) => {
    const data = await service.createSendleOrder(staff, body);
    return {
      message: shippingMessages.created,
      tracking_url: data.tracking_url,
      order_id: data.carrier_order_id ?? "",
      sendle_reference: data.carrier_reference,
      data,
    };
  });
  bind(createManualShipment, async ({ staff, body }) => ({
    message: shippingMessages.created,
    data: await service.recordManualShipment(staff, body as never),
  }));
  bind(cancelShipment, async ({ staff, params }) => ({
    message: shippingMessages.cancelled,
    data: await service.cancel(staff, params.id),
  }));

  const manifests = createManifests({
    database,
    couriers,
    times: config.MANIFEST_TIMES,
    checkSeconds: config.MANIFEST_CHECK_SECONDS,
    waitMs: config.COURIER_TIMEOUT_MS + 5000,
    log: app.log,
  });
  bind(runShippingManifest, async ({ staff, body }) => {
    const row = await manifests.runNow(body.sender_outlet_id, staff.id);
    return { message: shippingMessages.manifested(row.shipmentCount), data: toManifestWire(row) };
  });
  bind(listShippingManifests, async ({ query }) => ({
    data: (await manifests.list(query.sender_outlet_id)).map(toManifestWire),
  }));
  bind(getManifestSummary, async ({ params, reply }) => sendPdf(reply, await manifests.summary(params.id)));
  // The end-of-day manifests and the tracking polls are schedules on the queue (ADR 0054); a zero interval never runs.
  queue.every("shipping.manifests", config.MANIFEST_TIMES ? config.MANIFEST_CHECK_SECONDS : 0, () =>
    manifests.runDue(),
  );

  bind(getShippingLabel, async ({ params, reply }) => sendPdf(reply, await service.label(params.id)));

  const poller = createTrackingPoller({
    database,
    couriers,
    intervalSeconds: config.TRACKING_POLL_SECONDS,
    deliveredItemStatus: config.SHIPPING_DELIVERED_ITEM_STATUS,
    log: app.log,
  });
  queue.every("shipping.track", config.TRACKING_POLL_SECONDS, () => poller.pollOnce());
}
