import { createHmac, timingSafeEqual } from "node:crypto";
import { endpointUrl, showJobPrint } from "@loupe/contract";
import { type DocketPaper, PRINT_LINK_SECONDS, type PrintDocument } from "@loupe/domain";
import type { Config } from "../../config";

export interface PrintGrant {
  orderId: number;
  document: PrintDocument;
  /** The docket's paper; null for a tray label. */
  paper: DocketPaper | null;
  /** Who printed: the link is theirs, and a link of a staff member since deactivated stops working. */
  staffId: number;
  /** Unix seconds. */
  expires: number;
}

export type PrintLinkCheck = "ok" | "invalid" | "expired";

/**
 * Print links (ADR 0015): an HMAC-SHA256 over everything the link grants (job, document, paper,
 * staff member, expiry) under a key derived from SIGNING_SECRET, so changing any part of the link
 * breaks it. The link names no customer and carries no session token; it is good for two minutes.
 */
export function createPrintLinks(config: Pick<Config, "SIGNING_SECRET" | "publicUrl">) {
  const key = createHmac("sha256", config.SIGNING_SECRET).update("print-links").digest();
  const sign = (g: PrintGrant) =>
    createHmac("sha256", key)
      .update(`print:v1:${g.orderId}:${g.document}:${g.paper ?? ""}:${g.staffId}:${g.expires}`)
      .digest("base64url");

  return {
    /** A grant for this print, from now. */
    grant(
      orderId: number,
      document: PrintDocument,
      paper: DocketPaper | null,
      staffId: number,
      now = Date.now(),
    ) {
      return {
        orderId,
        document,
        paper: document === "docket" ? paper : null,
        staffId,
        expires: Math.floor(now / 1000) + PRINT_LINK_SECONDS,
      } satisfies PrintGrant;
    },

    /** The absolute link that opens the PDF. */
    url(g: PrintGrant): string {
      const query = new URLSearchParams({
        ...(g.paper ? { paper: g.paper } : {}),
        by: String(g.staffId),
        expires: String(g.expires),
        sig: sign(g),
      });
      const path = endpointUrl(showJobPrint, { orderId: g.orderId, document: g.document });
      return `${config.publicUrl.replace(/\/$/, "")}${path}?${query}`;
    },

    /** The signature first (an altered expiry is a bad signature), then the clock. */
    check(g: PrintGrant, signature: string, now = Date.now()): PrintLinkCheck {
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(g));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      // A link from the future means a clock or key problem: refuse it rather than trust it longer.
      const seconds = now / 1000;
      if (g.expires - seconds > PRINT_LINK_SECONDS + 60) return "invalid";
      return seconds > g.expires ? "expired" : "ok";
    },
  };
}
export type PrintLinks = ReturnType<typeof createPrintLinks>;
