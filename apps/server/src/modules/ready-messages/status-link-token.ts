import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

/** What a status token looks like: 9 + 7 base-36 date digits and 32 base64url signature characters. */
export const STATUS_TOKEN = /^[0-9a-z]{16}[A-Za-z0-9_-]{32}$/;

/** A status link opens for 90 days: long enough to collect, short enough not to linger. */
export const STATUS_LINK_TTL_DAYS = 90;

const ISSUED = 9;
const EXPIRES = 7;
const base36 = (n: number, width: number) => Math.floor(n).toString(36).padStart(width, "0");

export type StatusLinkCheck = "valid" | "invalid" | "expired" | "revoked";

/**
 * The customer's status link (issue 27 §4), made like the receipt link (ADR 0030): an HMAC-SHA256
 * over the job, its customer and the link's issue and expiry times, under a key of its own derived
 * from SIGNING_SECRET, so a status token never opens a receipt or the other way round. Changing the
 * job's customer retires every link sent before; revoking the job's links stops those issued before.
 */
export function createStatusTokens(config: Config, now: () => number = Date.now) {
  const key = createHmac("sha256", config.SIGNING_SECRET).update("status-links").digest("hex");
  const base = `${config.publicUrl}/shop-api`.replace(/\/$/, "");
  const sign = (orderId: number, customerId: number | null, dates: string) =>
    createHmac("sha256", key)
      .update(`status:${orderId}:${customerId ?? "guest"}:${dates}`)
      .digest("base64url")
      .slice(0, 32);
  return {
    url(orderId: number, customerId: number | null): string {
      const issued = now();
      const dates = `${base36(issued, ISSUED)}${base36(issued / 1000 + STATUS_LINK_TTL_DAYS * 86_400, EXPIRES)}`;
      return `${base}/status/${orderId}/${dates}${sign(orderId, customerId, dates)}`;
    },
    check(
      orderId: number,
      customerId: number | null,
      token: string,
      revokedAt?: Date | null,
    ): StatusLinkCheck {
      if (!STATUS_TOKEN.test(token)) return "invalid";
      const dates = token.slice(0, ISSUED + EXPIRES);
      const given = Buffer.from(token.slice(ISSUED + EXPIRES));
      const expected = Buffer.from(sign(orderId, customerId, dates));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      const issued = Number.parseInt(dates.slice(0, ISSUED), 36);
      const expires = Number.parseInt(dates.slice(ISSUED), 36);
      if (now() / 1000 >= expires) return "expired";
      if (revokedAt && issued <= revokedAt.getTime()) return "revoked";
      return "valid";
    },
  };
}
export type StatusTokens = ReturnType<typeof createStatusTokens>;
