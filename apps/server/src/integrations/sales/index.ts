// Sales from outside (issue 45): the stores configured by environment, one per source per region,
// and the local stand-ins where none is. Built by the Lightspeed and Shopify adapters' owners.
import type { Config } from "../../config";
import { lightspeedStores } from "./lightspeed.stores";
import type { SalesStores, StandInOptions } from "./sales.port";
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

/**
 * Every configured store of every source, with their stand-ins: Lightspeed's and Shopify's, one
 * list, both stand-ins closed on close. (Wired on the intake-web branch so that its browser journey
 * and bench run end to end; the lead's wiring replaces it if it differs.)
 */
export async function createSalesStores(config: Config, options: StandInOptions): Promise<SalesStores> {
  const lightspeed = await lightspeedStores(config, options);
  const shopify = await shopifyStores(config, options).catch(async (err) => {
    await lightspeed.close();
    throw err;
  });
  const stores = [...lightspeed.stores, ...shopify.stores];
  const byKey = new Map(stores.map((s) => [s.key, s]));
  return {
    list: () => stores,
    byKey: (key) => byKey.get(key),
    close: async () => {
      await Promise.all([lightspeed.close(), shopify.close()]);
    },
  };
}
