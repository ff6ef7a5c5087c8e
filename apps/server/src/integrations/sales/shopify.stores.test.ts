// The Shopify stores by region from the environment, and the stand-in that serves the regions
// without one: their made-up secrets shared by the stand-in and the adapter, over real HTTP.
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import type { SourceStores } from "./sales.port";
import { startShopifyStandIn } from "./shopify.stand-in";
import { shopifyStores } from "./shopify.stores";
import { startWebhookReceiver } from "./shopify.test-receiver";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let opened: SourceStores | null = null;
const SKUS: Record<number, string[]> = {
  1: ["AU-FR-1", "AU-CL-2"],
  2: ["NZ-FR-1"],
  5: ["CA-FR-1", "CA-SV-9"],
};
const options = (sellEverySeconds = 0) => ({
  webhookUrl: (key: string) => receiver.webhookUrl(key),
  skus: async (regionId: number) => SKUS[regionId] ?? [],
  sellEverySeconds,
  log: () => {},
});

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await opened?.close();
  opened = null;
});
afterAll(() => receiver.close());

describe("Shopify stores by region", () => {
  it("serves every region from one stand-in by default outside production, its secrets shared with the adapter", async () => {
    const port = await freePort();
    opened = await shopifyStores(loadConfig({ SHOPIFY_STAND_IN_PORT: String(port) }), options());
    expect(opened.stores.map((s) => [s.key, s.regionId, s.label, s.standIn])).toEqual([
      ["shopify-au", 1, "loupe-au.myshopify.com", true],
      ["shopify-nz", 2, "loupe-nz.myshopify.com", true],
      ["shopify-ca", 5, "loupe-ca.myshopify.com", true],
    ]);
    const nz = opened.stores[1]!;
    await expect(nz.fetchSince(null)).resolves.toEqual({ sales: [], cursor: null, more: false });

    const res = await fetch(`http://127.0.0.1:${port}/_stand-in/loupe-nz.myshopify.com/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ sku: "NZ-FR-1", price: "199.00" }] }),
    });
    const made = (await res.json()) as any;
    expect(res.status).toBe(201);
    const got = receiver.byId(made.deliveries[0].webhookId);
    expect(got.storeKey).toBe("shopify-nz");
    const sale = nz.readWebhook(got.raw, got.headers as Record<string, string>).sales[0]!;
    expect(sale).toMatchObject({ externalId: String(made.order.id), currency: "NZD", totalMinor: 19_900 });
    // Another region's store, with its own made-up secret, does not take NZ's delivery.
    expect(() => opened!.stores[0]!.readWebhook(got.raw, got.headers as Record<string, string>)).toThrow();
    expect((await nz.fetchSince(null)).sales.map((s) => s.externalId)).toEqual([String(made.order.id)]);
  });

  it("uses a configured shop where one is set (its _URL as the API host) and stand-ins for the rest", async () => {
    const real = await startShopifyStandIn({
      ...options(),
      stores: [
        {
          key: "shopify-au",
          regionId: 1,
          shop: "real-au.myshopify.com",
          accessToken: "shpat_real",
          apiSecret: "s",
        },
      ],
    });
    try {
      const env = {
        SHOPIFY_AU_SHOP: "real-au.myshopify.com",
        SHOPIFY_AU_ACCESS_TOKEN: "shpat_real",
        SHOPIFY_AU_API_SECRET: "s",
        SHOPIFY_AU_URL: real.baseUrl("real-au.myshopify.com"),
      };
      opened = await shopifyStores(loadConfig(env), options());
      expect(opened.stores.map((s) => [s.key, s.label, s.standIn])).toEqual([
        ["shopify-au", "real-au.myshopify.com", false],
        ["shopify-nz", "loupe-nz.myshopify.com", true],
        ["shopify-ca", "loupe-ca.myshopify.com", true],
      ]);
      await opened.stores[0]!.fetchSince(null);
      expect(real.requests.at(-1)!.path).toMatch(
        /^\/real-au\.myshopify\.com\/admin\/api\/2025-10\/orders\.json\?/,
      );
      await opened.close();

      opened = await shopifyStores(loadConfig({ ...env, INTAKE_STAND_INS: "false" }), options());
      expect(opened.stores.map((s) => s.key)).toEqual(["shopify-au"]);
    } finally {
      await real.close();
    }
  });

  it("runs no stand-in in production unless told, and refuses half a shop's settings or a shop that is not a myshopify.com domain", async () => {
    opened = await shopifyStores(loadConfig({ NODE_ENV: "production" }), options());
    expect(opened.stores).toEqual([]);
    await opened.close();
    opened = await shopifyStores(loadConfig({ NODE_ENV: "production", INTAKE_STAND_INS: "true" }), options());
    expect(opened.stores).toHaveLength(3);

    await expect(
      shopifyStores(
        loadConfig({ SHOPIFY_CA_SHOP: "loupe-ca.myshopify.com", SHOPIFY_CA_ACCESS_TOKEN: "shpat_x" }),
        options(),
      ),
    ).rejects.toThrow(/SHOPIFY_CA_API_SECRET: a Shopify shop needs all three/);
    expect(() => loadConfig({ SHOPIFY_AU_SHOP: "https://loupe.com.au" })).toThrow(/SHOPIFY_AU_SHOP/);
    expect(() => loadConfig({ SHOPIFY_API_VERSION: "2025-11" })).toThrow(/SHOPIFY_API_VERSION/);
  });

  it("the stand-in sells by itself now and then from the region's SKUs, and stops when closed", async () => {
    const before = receiver.received.length;
    opened = await shopifyStores(loadConfig({}), options(0.05));
    const deadline = Date.now() + 5000;
    while (receiver.received.length < before + 4 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const made = receiver.received.slice(before);
    expect(made.length).toBeGreaterThanOrEqual(4);
    for (const got of made) {
      const store = opened.stores.find((s) => s.key === got.storeKey)!;
      const sale = store.readWebhook(got.raw, got.headers as Record<string, string>).sales[0]!;
      expect(sale.lines.length).toBeGreaterThan(0);
      for (const line of sale.lines) expect(SKUS[sale.regionId]).toContain(line.sku);
    }
    await opened.close();
    opened = null;
    const after = receiver.received.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(after);
  });
});
