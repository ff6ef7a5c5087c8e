import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { lightspeedStores } from "./lightspeed.stores";
import type { SourceStores } from "./sales.port";

const options = {
  webhookUrl: (key: string) => `http://127.0.0.1:9/hooks/${key}`,
  skus: async () => [],
  sellEverySeconds: 0,
};
let opened: SourceStores | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

describe("Lightspeed stores by region", () => {
  it("stands in for every region outside production, one stand-in server for all, each store answering", async () => {
    opened = await lightspeedStores(loadConfig({}), options);
    expect(opened.stores.map((s) => [s.key, s.regionId, s.standIn, s.source])).toEqual([
      ["lightspeed-au", 1, true, "lightspeed"],
      ["lightspeed-nz", 2, true, "lightspeed"],
      ["lightspeed-ca", 5, true, "lightspeed"],
    ]);
    for (const store of opened.stores)
      await expect(store.fetchSince(null)).resolves.toEqual({ sales: [], cursor: null, more: false });
  });

  it("uses the retailer configured for a region and stands in for the others", async () => {
    const config = loadConfig({
      LIGHTSPEED_AU_DOMAIN_PREFIX: "loupe-eyewear",
      LIGHTSPEED_AU_TOKEN: "lsxs_pt_example",
      LIGHTSPEED_AU_CLIENT_SECRET: "secret",
    });
    opened = await lightspeedStores(config, options);
    expect(opened.stores.map((s) => [s.key, s.label, s.standIn])).toEqual([
      ["lightspeed-au", "loupe-eyewear", false],
      ["lightspeed-nz", "loupe-nz-stand-in", true],
      ["lightspeed-ca", "loupe-ca-stand-in", true],
    ]);
  });

  it("stands in for nobody in production unless INTAKE_STAND_INS=true", async () => {
    opened = await lightspeedStores(loadConfig({ NODE_ENV: "production" }), options);
    expect(opened.stores).toEqual([]);
    await opened.close();
    opened = await lightspeedStores(
      loadConfig({ NODE_ENV: "production", INTAKE_STAND_INS: "true" }),
      options,
    );
    expect(opened.stores).toHaveLength(3);
    expect(loadConfig({ INTAKE_STAND_INS: "false" }).intakeStandIns).toBe(false);
  });

  it("refuses half a region's configuration, naming the missing variable", async () => {
    await expect(
      lightspeedStores(loadConfig({ LIGHTSPEED_NZ_DOMAIN_PREFIX: "loupe-nz" }), options),
    ).rejects.toThrow(/LIGHTSPEED_NZ_TOKEN: needed with LIGHTSPEED_NZ_DOMAIN_PREFIX/);
    await expect(lightspeedStores(loadConfig({ LIGHTSPEED_CA_TOKEN: "t" }), options)).rejects.toThrow(
      /LIGHTSPEED_CA_DOMAIN_PREFIX: needed with LIGHTSPEED_CA_TOKEN/,
    );
  });
});
