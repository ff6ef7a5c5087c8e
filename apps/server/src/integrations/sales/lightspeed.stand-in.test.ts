import { afterEach, describe, expect, it } from "vitest";
import { STORES, startLightspeedStandIn, startReceiver, storeFor } from "./lightspeed.fixtures";
import type { LightspeedStandIn } from "./lightspeed.stand-in";

const AU = STORES[0] as (typeof STORES)[0];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const until = async (check: () => boolean, ms = 4000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; )
    await new Promise((r) => setTimeout(r, 20));
};

describe("the Lightspeed stand-in", () => {
  it("sells by itself from the region's SKUs, signed like Lightspeed, and stops when closed", async () => {
    const receiver = await startReceiver();
    const asked: number[] = [];
    const standIn: LightspeedStandIn = await startLightspeedStandIn({
      webhookUrl: receiver.webhookUrl,
      skus: async (regionId) => {
        asked.push(regionId);
        return ["DEMO-FRAME-1", "DEMO-LENS-2"];
      },
      sellEverySeconds: 0.05,
      stores: [AU],
      log: { warn: () => {} },
    });
    cleanups.push(receiver.close);
    await until(() => receiver.received.length >= 4);
    await standIn.close();
    const count = receiver.received.length;
    expect(count).toBeGreaterThanOrEqual(4);
    expect(asked.every((r) => r === 1)).toBe(true);
    const store = storeFor(standIn, AU);
    const sales = receiver.received.flatMap((d) => store.readWebhook(d.raw, d.headers).sales);
    expect(sales).toHaveLength(count);
    for (const sale of sales) {
      expect(sale.lines.length).toBeGreaterThan(0);
      for (const line of sale.lines) expect(["DEMO-FRAME-1", "DEMO-LENS-2"]).toContain(line.sku);
      expect(["closed", "open"]).toContain(sale.state);
      if (sale.customer) expect(sale.customer.email).toMatch(/@example\.com$/);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.length).toBe(count);
  });

  it("answers bad control input with a 400 naming the field, and unknown stores with 404", async () => {
    const standIn = await startLightspeedStandIn({
      webhookUrl: () => "http://127.0.0.1:9/never",
      skus: async () => [],
      sellEverySeconds: 0,
      stores: [AU],
      log: { warn: () => {} },
    });
    cleanups.push(standIn.close);
    const post = (path: string, body: unknown) =>
      fetch(`${standIn.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const noSku = await post(`/_stand-in/${AU.domainPrefix}/sales`, { lines: [{ quantity: 1 }] });
    expect(noSku.status).toBe(400);
    expect(await noSku.json()).toEqual({ error: "lines[0].sku is required" });
    expect((await post(`/_stand-in/${AU.domainPrefix}/sales/nope/void`, {})).status).toBe(404);
    expect((await post("/_stand-in/nobody/sales", { lines: [{ sku: "X" }] })).status).toBe(404);
    const summary = await (await fetch(`${standIn.url}/_stand-in/${AU.domainPrefix}`)).json();
    expect(summary).toMatchObject({
      key: "lightspeed-au",
      regionId: 1,
      baseUrl: standIn.baseUrl(AU.domainPrefix),
    });
    expect(JSON.stringify(summary)).not.toContain(AU.token);
    expect(JSON.stringify(summary)).not.toContain(AU.clientSecret);
  });
});
