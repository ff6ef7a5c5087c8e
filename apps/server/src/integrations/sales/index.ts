// Sales from outside (issue 45): the stores configured by environment, one per source per region,
// and the local stand-ins where none is. Built by the Lightspeed and Shopify adapters' owners.
import type { Config } from "../../config";
import type { SalesStores, StandInOptions } from "./sales.port";

export type {
  IncomingCustomer,
  IncomingLine,
  IncomingPayment,
  IncomingSale,
  SaleDelivery,
  SaleSource,
  SalesStore,
  SalesStores,
  SourceStores,
  StandInOptions,
  SyncPage,
} from "./sales.port";
export { SaleDeliveryError } from "./sales.port";

/**
 * Every configured store of every source, with their stand-ins. For now none: the lead wires the
 * two sources here (lightspeed.stores.ts and shopify.stores.ts, each `(config, options) =>
 * Promise<SourceStores>`), combining their stores and closing both stand-ins on close.
 */
export async function createSalesStores(_config: Config, _options: StandInOptions): Promise<SalesStores> {
  return {
    list: () => [],
    byKey: () => undefined,
    close: async () => {},
  };
}
