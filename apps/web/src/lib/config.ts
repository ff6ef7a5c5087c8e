/** Where the three API bases live, and the deployment's brand. Defaults serve our own server. */
export const appConfig = {
  bases: { api: "/api", legacy: "/legacy-api", shop: "/shop-api" },
  brand: (import.meta.env.VITE_BRAND_NAME as string | undefined) ?? "Loupe",
  classicAppUrl: (import.meta.env.VITE_CLASSIC_APP_URL as string | undefined) ?? "https://classic.loupe.test",
  posUrl: (import.meta.env.VITE_POS_URL as string | undefined) ?? "https://pos.loupe.test",
};

export const brandSlug = appConfig.brand.toLowerCase().replace(/[^a-z0-9]/g, "");
