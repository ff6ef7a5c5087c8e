import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

/** What a receipt token looks like (as signed: 32 base64url characters; older keys' up to 128). */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Receipt links kept per process: a few hundred pages of jobs, about 2 MB. */
const LINKS_KEPT = 10_000;

/**
 * Receipt links carry an HMAC-SHA256 over the job and its customer, so a link cannot be guessed
 * from an order id, and changing the job's customer retires every link sent before. 32 base64url
 * characters = 192 bits. Keys come from config, newest first: the first signs, any verifies.
 */
export function createReceiptTokens(config: Config) {
  const keys = (config.RECEIPT_TOKEN_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (!keys.length)
    keys.push(createHmac("sha256", config.SIGNING_SECRET).update("receipt-links").digest("hex"));
  const base = (config.RECEIPT_URL ?? `${config.publicUrl}/shop-api`).replace(/\/$/, "");
  const sign = (key: string, orderId: number, customerId: number | null) =>
    createHmac("sha256", key)
      .update(`receipt:${orderId}:${customerId ?? "guest"}`)
      .digest("base64url")
      .slice(0, 32);
  const urlOf = (orderId: number, token: string) => `${base}/receipt/show/${orderId}/${token}`;
  const links = new Map<string, { token: string; url: string }>();
  return {
    token: (orderId: number, customerId: number | null) => sign(keys[0], orderId, customerId),
    url(orderId: number, customerId: number | null) {
      return urlOf(orderId, sign(keys[0], orderId, customerId));
    },
    /**
     * The token and the link together (every row of a jobs page carries both), remembered: an HMAC
     * per row was 2.5 % of a jobs list call (issue 16), and the same pages are asked for all day.
     * Safe to keep, as the signature depends only on the key, the job and its customer.
     */
    link(orderId: number, customerId: number | null) {
      const key = `${orderId}:${customerId ?? "guest"}`;
      let found = links.get(key);
      if (!found) {
        const token = sign(keys[0], orderId, customerId);
        found = { token, url: urlOf(orderId, token) };
        if (links.size >= LINKS_KEPT) links.delete(links.keys().next().value as string);
        links.set(key, found);
      }
      return found;
    },
    verify(orderId: number, customerId: number | null, token: string) {
      const given = Buffer.from(token);
      return keys.some((k) => {
        const expected = Buffer.from(sign(k, orderId, customerId));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}
export type ReceiptTokens = ReturnType<typeof createReceiptTokens>;
