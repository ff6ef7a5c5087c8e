import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

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
  return {
    token: (orderId: number, customerId: number | null) => sign(keys[0], orderId, customerId),
    url(orderId: number, customerId: number | null) {
      return urlOf(orderId, sign(keys[0], orderId, customerId));
    },
    /** The token and the link together, signed once (every row of a jobs page carries both). */
    link(orderId: number, customerId: number | null) {
      const token = sign(keys[0], orderId, customerId);
      return { token, url: urlOf(orderId, token) };
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
