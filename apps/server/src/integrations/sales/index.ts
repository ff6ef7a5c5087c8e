// Sales from outside (issue 45): the stores configured by environment, one per source per region,
// and the local stand-ins where none is.
import type { Config } from "../../config";
import { lightspeedStores } from "./lightspeed.stores";
import type { SalesStore, SalesStores, StandInOptions } from "./sales.port";
import { shopifyStores } from "./shopify.stores";

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

/** Where the stand-ins say that a delivery to Loupe failed (left for the sync to catch). */
export interface SalesLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Every store of both sources (Lightspeed at the counter, Shopify online), with their stand-ins. */
export async function createSalesStores(
  config: Config,
  options: StandInOptions & { log?: SalesLog },
): Promise<SalesStores> {
  const lightspeed = await lightspeedStores(config, options);
  const shopify = await shopifyStores(config, {
    ...options,
    log: options.log ? (message) => options.log?.warn({}, message) : undefined,
  }).catch(async (err) => {
    await lightspeed.close();
    throw err;
  });
  const stores: SalesStore[] = [...lightspeed.stores, ...shopify.stores];
  const byKey = new Map(stores.map((s) => [s.key, s]));
  return {
    list: () => stores,
    byKey: (key) => byKey.get(key),
    close: async () => {
      await Promise.all([lightspeed.close(), shopify.close()]);
    },
  };
}
