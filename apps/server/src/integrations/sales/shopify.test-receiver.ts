// For the Shopify tests: a plain HTTP server standing where Loupe's webhook route stands, keeping
// each delivery's raw bytes and headers exactly as they arrived, so the adapter reads what a real
// delivery would give it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  storeKey: string;
  raw: Buffer;
  headers: http.IncomingHttpHeaders;
}

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer = 200;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = /^\/api\/intake\/webhooks\/([^/]+)$/.exec(req.url ?? "")?.[1];
    if (req.method !== "POST" || !key) {
      res.writeHead(404).end();
      return;
    }
    received.push({ storeKey: key, raw: Buffer.concat(chunks), headers: req.headers });
    res.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    webhookUrl: (storeKey: string) => `${url}/api/intake/webhooks/${storeKey}`,
    /** The status every later delivery is answered with. */
    answerWith(status: number) {
      answer = status;
    },
    /** The delivery with this X-Shopify-Webhook-Id (the last, when repeated). */
    byId(webhookId: string) {
      const found = received.filter((r) => r.headers["x-shopify-webhook-id"] === webhookId);
      if (!found.length) throw new Error(`no delivery ${webhookId}`);
      return found.at(-1)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
