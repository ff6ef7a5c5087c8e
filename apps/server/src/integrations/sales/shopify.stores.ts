// The Shopify stores by region, from the environment (SHOPIFY_<AU|NZ|CA>_SHOP, _ACCESS_TOKEN,
// _API_SECRET, optional _URL), and where a region has none and INTAKE_STAND_INS is on, one local
// stand-in server for all of them, with secrets made up at start.
import { randomBytes } from "node:crypto";
import { REGION } from "@loupe/domain";
import type { Config } from "../../config";
import type { SalesStore, SourceStores, StandInOptions } from "./sales.port";
import { createShopifyStore } from "./shopify.adapter";
import { type ShopifyStandInStore, startShopifyStandIn } from "./shopify.stand-in";

const REGIONS = [
  { code: "AU", regionId: REGION.AU },
  { code: "NZ", regionId: REGION.NZ },
  { code: "CA", regionId: REGION.CA },
] as const;

export async function shopifyStores(
  config: Config,
  options: StandInOptions & { log?: (message: string) => void },
): Promise<SourceStores> {
  const stores: SalesStore[] = [];
  const standIns: ShopifyStandInStore[] = [];
  const common = { apiVersion: config.SHOPIFY_API_VERSION, timeoutMs: config.SHOPIFY_TIMEOUT_MS };
  for (const { code, regionId } of REGIONS) {
    const key = `shopify-${code.toLowerCase()}`;
    const names = ["SHOP", "ACCESS_TOKEN", "API_SECRET"].map((n) => `SHOPIFY_${code}_${n}`);
    const setting = (name: string) => config[name as keyof Config] as string | undefined;
    const [shop, accessToken, apiSecret] = names.map(setting);
    if (shop && accessToken && apiSecret) {
      stores.push(
        createShopifyStore({
          ...common,
          key,
          regionId,
          shop,
          baseUrl: setting(`SHOPIFY_${code}_URL`) ?? `https://${shop}`,
          accessToken,
          apiSecret,
          standIn: false,
        }),
      );
    } else if (shop || accessToken || apiSecret) {
      const missing = names.filter((n) => !setting(n));
      throw new Error(
        `Invalid configuration:\n${missing.join(", ")}: a Shopify shop needs all three of ${names.join(", ")}`,
      );
    } else if (config.intakeStandIns) {
      standIns.push({
        key,
        regionId,
        shop: `loupe-${code.toLowerCase()}.myshopify.com`,
        accessToken: `shpat_${randomBytes(16).toString("hex")}`,
        apiSecret: randomBytes(32).toString("hex"),
        // Shopify location ids of two shops with Shopify POS, so that the demo has counter sales.
        locations: [`${70_000_000_000 + regionId * 10 + 1}`, `${70_000_000_000 + regionId * 10 + 2}`],
      });
    }
  }
  if (!standIns.length) return { stores, close: async () => {} };
  const standIn = await startShopifyStandIn({
    ...options,
    port: config.SHOPIFY_STAND_IN_PORT,
    apiVersion: config.SHOPIFY_API_VERSION,
    stores: standIns,
  });
  for (const s of standIns)
    stores.push(
      createShopifyStore({
        ...common,
        key: s.key,
        regionId: s.regionId,
        shop: s.shop,
        baseUrl: standIn.baseUrl(s.shop),
        accessToken: s.accessToken,
        apiSecret: s.apiSecret,
        standIn: true,
      }),
    );
  stores.sort((a, b) => a.regionId - b.regionId);
  return { stores, close: () => standIn.close() };
}
