// Shared by the Lightspeed contract tests: a webhook receiver standing in for Loupe's route, the
// stand-in with a few stores, and the control API over HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLightspeedStore, type LightspeedStoreOptions } from "./lightspeed.adapter";
import {
  type LightspeedStandIn,
  type LightspeedStandInStoreConfig,
  startLightspeedStandIn,
} from "./lightspeed.stand-in";
import type { Api2Sale } from "./lightspeed.stand-in-sales";

export interface Received {
  key: string;
  raw: Buffer;
  headers: http.IncomingHttpHeaders;
}

export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = (req.url ?? "").split("/").pop() ?? "";
    received.push({ key, raw: Buffer.concat(chunks), headers: req.headers });
    res.writeHead(answers.get(key) ?? 204);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** The status the receiver answers a store's deliveries with (default 204). */
    answer: (key: string, status: number) => answers.set(key, status),
    webhookUrl: (key: string) => `${url}/hooks/${key}`,
    forSale: (saleId: string) => received.filter((r) => r.raw.toString("utf8").includes(saleId)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export const STORES: LightspeedStandInStoreConfig[] = [
  {
    key: "lightspeed-au",
    regionId: 1,
    domainPrefix: "loupe-au-test",
    token: "au-token-1234567890",
    clientSecret: "au-secret",
  },
  {
    key: "lightspeed-nz",
    regionId: 2,
    domainPrefix: "loupe-nz-test",
    token: "nz-token-1234567890",
    clientSecret: "nz-secret",
  },
  {
    key: "lightspeed-ca",
    regionId: 5,
    domainPrefix: "loupe-ca-test",
    token: "ca-token-1234567890",
    clientSecret: "ca-secret",
  },
];

export function storeFor(
  standIn: LightspeedStandIn,
  config: LightspeedStandInStoreConfig,
  overrides: Partial<LightspeedStoreOptions> = {},
) {
  return createLightspeedStore({
    key: config.key,
    regionId: config.regionId,
    domainPrefix: config.domainPrefix,
    baseUrl: standIn.baseUrl(config.domainPrefix),
    token: config.token,
    clientSecret: config.clientSecret,
    standIn: true,
    timeoutMs: 5000,
    ...overrides,
  });
}

export function controlFor(standIn: LightspeedStandIn) {
  return async (prefix: string, path: string, body: unknown = {}) => {
    const response = await fetch(`${standIn.url}/_stand-in/${prefix}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as {
      sale: Api2Sale;
      webhook: { status?: number; error?: string }[];
      error?: string;
    };
    if (!response.ok) throw new Error(`stand-in ${path}: ${response.status} ${answer.error}`);
    return answer;
  };
}

export { startLightspeedStandIn };
