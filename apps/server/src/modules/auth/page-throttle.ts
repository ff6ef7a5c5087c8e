import { PUBLIC_PAGE_TOO_MANY, PUBLIC_PAGE_TOO_MANY_WAIT } from "@loupe/domain";
import type { FastifyReply } from "fastify";
import type { Db } from "../../platform/db/client";
import { countInWindow } from "./throttle-count";

export interface PageThrottle {
  /**
   * Counts this request against its address; when the address is past its limit, answers the 429
   * page (with Retry-After) and says true, and the caller sends nothing else.
   */
  refused(reply: FastifyReply): Promise<boolean>;
}

/**
 * The customer's pages opened without signing in (the status link, receipts, credit notes) are
 * throttled per address as sign-in is (ADR 0001, ADR 0055): a count per address in a fixed window,
 * kept in the database so every server instance agrees, one budget for all of those pages. The
 * count comes before any look-up, so a guesser past the limit costs one small upsert.
 */
export function createPageThrottle(db: Db, limits: { max: number; windowMinutes: number }): PageThrottle {
  const windowMs = limits.windowMinutes * 60_000;
  return {
    async refused(reply) {
      // `page:` beside sign-in's `acct:` and `ip:` keys: its own counter, never a sign-in's.
      const key = `page:${reply.request.ip}`;
      const row = await countInWindow(db, key, windowMs);
      if (row.count <= limits.max) return false;
      const seconds = Math.max(1, Math.ceil((row.since.getTime() + windowMs - Date.now()) / 1000));
      reply.log.warn(
        { event: "refused.rate_limited", route: reply.request.routeOptions?.url },
        "page throttle",
      );
      reply
        .status(429)
        .header("retry-after", String(seconds))
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(tooManyPage(Math.ceil(seconds / 60)));
      return true;
    },
  };
}

const tooManyPage = (minutes: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PUBLIC_PAGE_TOO_MANY}</title>
<style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:32rem;padding:0 1rem;color:#222}</style>
</head><body><h1>${PUBLIC_PAGE_TOO_MANY}</h1><p>${PUBLIC_PAGE_TOO_MANY_WAIT(minutes)}</p></body></html>`;
