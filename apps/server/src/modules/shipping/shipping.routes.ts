import {
  createAuPostOrder,
  createManualShipment,
  createSendleOrder,
  getShippingLabel,
  getShippingQuote,
} from "@loupe/contract";
import { shippingMessages } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { ModuleContext } from "../module-context";
import { createShippingService } from "./shipping.service";
import { createTrackingPoller } from "./tracking-poller";

export function registerShippingRoutes({ app, bind, database, config, couriers }: ModuleContext): void {
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
  bind(getShippingLabel, async ({ params, reply }) => {
    const { pdf, name } = await service.label(params.id);
    return reply
      .type("application/pdf")
      .header("content-disposition", contentDisposition(name, { type: "inline" }))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "sandbox")
      .send(pdf);
  });

  const poller = createTrackingPoller({
    database,
    couriers,
    intervalSeconds: config.TRACKING_POLL_SECONDS,
    deliveredItemStatus: config.SHIPPING_DELIVERED_ITEM_STATUS,
    log: app.log,
  });
  app.addHook("onClose", () => poller.stop());
}
