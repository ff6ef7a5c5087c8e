import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

/** What a receipt token looks like (as signed: 32 base64url characters; older keys' up to 128). */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Receipt links kept per process: a few hundred pages of jobs, about 2 MB. */
const LINKS_KEPT = 10_000;

/**
 * A remembered link is signed again after a minute: a job whose links were revoked in another
 * server process shows a fresh link within that time (in this process at once, see `forget`).
 */
const LINK_KEPT_MS = 60_000;

/** When each job's links were last revoked in this process: every instance's remembered link goes. */
const forgotten = new Map<number, number>();

/** When a link was issued, in milliseconds (9 base-36 digits), and when it expires, in seconds (7). */
const ISSUED = 9;
const EXPIRES = 7;
const DATES = ISSUED + EXPIRES;
const base36 = (n: number, width: number) => Math.floor(n).toString(36).padStart(width, "0");

/**
 * Links handed out before links carried their dates (32 characters of signature alone) count as
 * issued at this release: they open for one more link lifetime and are revoked like any other
 * (ADR 0026).
 */
export const UNDATED_LINKS_ISSUED_AT = Date.parse("2026-11-26T00:00:00Z");

export type ReceiptLinkCheck = "valid" | "invalid" | "expired" | "revoked";

/**
 * Receipt links carry an HMAC-SHA256 over the job, its customer, when the link was issued and when
 * it expires (RECEIPT_LINK_TTL_DAYS, two years by default), so a link cannot be guessed from an
 * order id, changing the job's customer retires every link sent before, a link stops opening on
 * its own, and revoking a job's links stops those issued before (issue 25). The token is `issued`
 * (ms, 9 base-36 digits), `expires` (s, 7) and 32 base64url characters of signature (192 bits). Keys come from config, newest first: the first
 * signs, any verifies.
 */
export function createReceiptTokens(config: Config, now: () => number = Date.now) {
  const keys = (config.RECEIPT_TOKEN_KEYS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (!keys.length)
    keys.push(createHmac("sha256", config.SIGNING_SECRET).update("receipt-links").digest("hex"));
  const ttlSeconds = config.RECEIPT_LINK_TTL_DAYS * 86_400;
  const base = (config.RECEIPT_URL ?? `${config.publicUrl}/shop-api`).replace(/\/$/, "");
  const sign = (key: string, orderId: number, customerId: number | null, dates = "") =>
    createHmac("sha256", key)
      .update(`receipt:${orderId}:${customerId ?? "guest"}${dates ? `:${dates}` : ""}`)
      .digest("base64url")
      .slice(0, 32);
  const issue = (orderId: number, customerId: number | null) => {
    const issued = now();
    const dates = `${base36(issued, ISSUED)}${base36(issued / 1000 + ttlSeconds, EXPIRES)}`;
    return `${dates}${sign(keys[0], orderId, customerId, dates)}`;
  };
  const urlOf = (orderId: number, token: string) => `${base}/receipt/show/${orderId}/${token}`;
  const links = new Map<string, { token: string; url: string; at: number }>();
  return {
    token: (orderId: number, customerId: number | null) => issue(orderId, customerId),
    url(orderId: number, customerId: number | null) {
      return urlOf(orderId, issue(orderId, customerId));
    },
    /**
     * The token and the link together (every row of a jobs page carries both), remembered for a
     * minute: an HMAC per row was 2.5 % of a jobs list call (issue 16), and the same pages are
     * asked again and again. `forget` drops a job's links, in every instance, when they are revoked.
     */
    link(orderId: number, customerId: number | null) {
      const key = `${orderId}:${customerId ?? "guest"}`;
      let found = links.get(key);
      if (!found || now() - found.at > LINK_KEPT_MS || found.at <= (forgotten.get(orderId) ?? -1)) {
        const token = issue(orderId, customerId);
        found = { token, url: urlOf(orderId, token), at: now() };
        links.delete(key);
        if (links.size >= LINKS_KEPT) links.delete(links.keys().next().value as string);
        links.set(key, found);
      }
      return { token: found.token, url: found.url };
    },
    forget(orderId: number) {
      if (forgotten.size >= LINKS_KEPT) forgotten.delete(forgotten.keys().next().value as number);
      forgotten.set(orderId, now());
    },
    /**
     * Whether a token opens the job's receipt now: signed for this job and customer, not past its
     * expiry, and issued after the job's links were last revoked (`revokedAt`, if ever).
     */
    check(
      orderId: number,
      customerId: number | null,
      token: string,
      revokedAt?: Date | null,
    ): ReceiptLinkCheck {
      const dated = token.length === DATES + 32;
      const dates = dated ? token.slice(0, DATES) : "";
      const given = Buffer.from(dated ? token.slice(DATES) : token);
      const signed = keys.some((k) => {
        const expected = Buffer.from(sign(k, orderId, customerId, dates));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!signed) return "invalid";
      const issued = dated ? Number.parseInt(dates.slice(0, ISSUED), 36) : UNDATED_LINKS_ISSUED_AT;
      const expires = dated
        ? Number.parseInt(dates.slice(ISSUED), 36)
        : UNDATED_LINKS_ISSUED_AT / 1000 + ttlSeconds;
      if (now() / 1000 >= expires) return "expired";
      if (revokedAt && issued <= revokedAt.getTime()) return "revoked";
      return "valid";
    },
    verify(orderId: number, customerId: number | null, token: string, revokedAt?: Date | null) {
      return this.check(orderId, customerId, token, revokedAt) === "valid";
    },
  };
}
export type ReceiptTokens = ReturnType<typeof createReceiptTokens>;
