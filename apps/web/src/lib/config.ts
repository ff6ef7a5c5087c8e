/**
 * Deployment settings, read once from Vite's env (VITE_*) with defaults that serve our own
 * server: the three API bases of the spec, the brand used in routes and labels, outside tools.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const appConfig = {
  bases: {
    api: env.VITE_API_BASE ?? "/api",
    legacy: env.VITE_LEGACY_API_BASE ?? "/legacy-api",
    shop: env.VITE_SHOP_API_BASE ?? "/shop-api",
  },
  brand: env.VITE_BRAND_NAME ?? "Loupe",
  classicAppUrl: env.VITE_CLASSIC_APP_URL ?? "https://classic.loupe.test",
  posUrl: env.VITE_POS_URL ?? "https://pos.loupe.test",
};

/** The brand as it appears in paths, e.g. `/jobs-loupego`. */
export const brandSlug = appConfig.brand.toLowerCase().replace(/[^a-z0-9]/g, "");
