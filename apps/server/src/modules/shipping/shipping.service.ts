import type { Config } from "../../config";
import type { Couriers } from "../../integrations/couriers";
import type { Database } from "../../platform/db/client";
import { createShipmentAddresses } from "./shipment-addresses";
import { createShipmentBook } from "./shipment-book";
import { createShipmentCancel } from "./shipment-cancel";
import { createShipmentLabel } from "./shipment-label";
import { createShipmentManual } from "./shipment-manual";
import { createShipmentQuote } from "./shipment-quote";
import { createShipmentReads } from "./shipment-reads";
import type { ShippingDeps } from "./shipping-deps";

export type { ParcelInput } from "./shipment-book";
export type { QuoteInput } from "./shipment-quote";

/**
 * Shipping, one file per use case: quotes (shipment-quote.ts), booking with a courier
 * (shipment-book.ts), a shipment entered by hand (shipment-manual.ts), cancelling
 * (shipment-cancel.ts) and the label (shipment-label.ts), over the addresses
 * (shipment-addresses.ts) and the reads (shipment-reads.ts). This composes them into the one
 * service the routes use; the manifests and the tracking poller are their own files.
 */
export function createShippingService({
  database,
  couriers,
  config,
}: {
  database: Database;
  couriers: Couriers;
  config: Config;
}) {
  const deps: ShippingDeps = {
    database,
    db: database.db,
    couriers,
    config,
    pollEveryMs: Math.max(config.TRACKING_POLL_SECONDS, 60) * 1000,
    stalePendingMs: config.COURIER_TIMEOUT_MS * 2 + 30_000,
  };
  const addresses = createShipmentAddresses(deps);
  const reads = createShipmentReads(deps);
  const { quote } = createShipmentQuote(deps, addresses);
  const { createAuPostOrder, createSendleOrder } = createShipmentBook(deps, addresses, reads);
  const { recordManualShipment } = createShipmentManual(deps, addresses, reads);
  const { cancel } = createShipmentCancel(deps, reads);
  const { label } = createShipmentLabel(deps, reads);
  return { quote, createAuPostOrder, createSendleOrder, recordManualShipment, cancel, label };
}
export type ShippingService = ReturnType<typeof createShippingService>;
