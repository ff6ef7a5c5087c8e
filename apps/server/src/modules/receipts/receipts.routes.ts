import { randomBytes } from "node:crypto";
import { emailReceipt, revokeReceiptLinks, showReceipt } from "@loupe/contract";
import { RECEIPT_LINK_INVALID, RECEIPT_SENT, rowIdInLink } from "@loupe/domain";
import type { FastifyReply } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/app-error";
import { createPageThrottle } from "../auth";
import { creditNoteCodeSqlSlot, issueCreditNoteSlot, receiptLinksSlot, recordJobEvents } from "../jobs";
import type { ModuleContext } from "../module-context";
import { issueCreditNote } from "./credit-notes";
import { creditNoteCodeSql } from "./credit-notes.queries";
import { registerCreditNoteRoutes } from "./credit-notes.routes";
import { receiptHtml, receiptModel, receiptText, type Seller } from "./receipt-page";
import { createReceiptTokens, RECEIPT_TOKEN } from "./receipt-token";
import { readReceipt } from "./receipts.queries";
import { receiptLinksRevokedAt, revokeReceiptLinksOf } from "./receipts.revocations";

/** The seller printed on the receipt: the company of the outlet's country (config). */
function sellerFor(config: Config, country: string, state: string | null): Seller {
  const brand = config.BRAND_NAME;
  if (country === "NZ") return { legalName: config.LEGAL_NAME_NZ, brand, taxId: config.TAX_ID_NZ };
  if (country === "CA")
    return {
      legalName: config.LEGAL_NAME_CA,
      brand,
      taxId: config.TAX_ID_CA,
      qstId: state?.toUpperCase() === "QC" ? config.TAX_ID_QC : undefined,
    };
  return { legalName: config.LEGAL_NAME_AU, brand, taxId: config.TAX_ID_AU };
}

// What a customer sees for a wrong link: no sign-in, no staff app.
const invalidLinkPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${RECEIPT_LINK_INVALID}</title>
<style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:32rem;padding:0 1rem;color:#222}</style>
</head><body><h1>${RECEIPT_LINK_INVALID}</h1>
<p>Please ask the store for a new receipt link.</p></body></html>`;

/**
 * Receipts (ADR 0030): the page opened without signing in, at the spec's address
 * `{receipt host}/receipt/show/:orderId/:token` and on the web-shop base
 * (/shop-api/receipt/show/…), and the e-mail. A token that does not match the job and its current
 * customer, or is not a token at all, answers a plain 404 page, the same as a job that does not
 * exist; never the staff app.
 */
export function registerReceiptsRoutes(ctx: ModuleContext): void {
  const { app, bind, db, config, outbox, slots } = ctx;
  const tokens = createReceiptTokens(config);
  // The receipt page, at both its addresses, and the credit notes: one budget per address (ADR 0055).
  const pageThrottle = createPageThrottle(db, {
    max: config.PUBLIC_PAGE_MAX_REQUESTS,
    windowMinutes: config.PUBLIC_PAGE_WINDOW_MINUTES,
  });
  // The jobs module's rows carry the receipt link (jobs sits below receipts); its own instance, as before.
  receiptLinksSlot.provide(slots, createReceiptTokens(config));
  // A refund's credit note is numbered and kept here; jobs records the refund and asks (ADR 0033).
  issueCreditNoteSlot.provide(slots, issueCreditNote);
  creditNoteCodeSqlSlot.provide(slots, creditNoteCodeSql);

  async function load(orderId: number, token: string) {
    const receipt = await readReceipt(db, orderId);
    const revokedAt = receipt ? await receiptLinksRevokedAt(db, orderId) : null;
    // Expired, revoked or wrong: the same 404 as a job that does not exist.
    if (!receipt || !tokens.verify(orderId, receipt.order.customerId, token, revokedAt))
      throw notFound("Receipt");
    return receiptModel(receipt, sellerFor(config, receipt.region.countryCode, receipt.outlet.state));
  }

  /** The receipt page, or the not-valid page; private either way. */
  async function showPage(orderIdText: string, token: string, reply: FastifyReply) {
    // A malformed id is refused before any statement (the throttle's included): it costs nothing.
    const orderId = rowIdInLink(orderIdText);
    if (orderId !== null && (await pageThrottle.refused(reply))) return reply;
    const receipt =
      orderId !== null && RECEIPT_TOKEN.test(token) ? await readReceipt(db, orderId) : undefined;
    const nonce = randomBytes(16).toString("base64");
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex, nofollow")
      .header("referrer-policy", "no-referrer")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      );
    // Not an id, expired, revoked or wrong: the same page as a job that does not exist.
    if (orderId === null || !receipt) return reply.status(404).send(invalidLinkPage);
    const revokedAt = await receiptLinksRevokedAt(db, orderId);
    if (!tokens.verify(orderId, receipt.order.customerId, token, revokedAt))
      return reply.status(404).send(invalidLinkPage);
    const model = receiptModel(receipt, sellerFor(config, receipt.region.countryCode, receipt.outlet.state));
    const base = tokens.url(orderId, receipt.order.customerId).replace(/\/receipt\/show\/.*$/, "");
    const creditNoteUrl = (code: string) => `${base}/receipt/credit-note/${orderId}/${token}/${code}`;
    return reply.send(receiptHtml(model, { nonce, creditNoteUrl }));
  }

  bind(showReceipt, ({ params, reply }) => showPage(params.orderId, params.token, reply));
  // The spec's own address, outside the API bases: without it the path fell through to the SPA.
  app.get<{ Params: { orderId: string; token: string } }>(
    "/receipt/show/:orderId/:token",
    { schema: { hide: true } },
    (req, reply) => showPage(req.params.orderId, req.params.token, reply),
  );

  bind(revokeReceiptLinks, async ({ staff, params }) => {
    const receipt = await readReceipt(db, params.id);
    // Whose region may revoke is the rulebook's (`revoke_receipt_link`), checked before this runs.
    if (!receipt) throw notFound("Job");
    const revokedAt = await revokeReceiptLinksOf(db, params.id, staff.id);
    tokens.forget(params.id);
    return { message: "Receipt links revoked.", data: { revoked_at: revokedAt.toISOString() } };
  });

  bind(emailReceipt, async ({ staff, params, body }) => {
    const model = await load(params.orderId, params.token);
    await db.transaction(async (tx) => {
      await recordJobEvents(tx as unknown as Db, [
        { orderId: params.orderId, kind: "receipt_sent", toValue: body.email, staffUserId: staff.id },
      ]);
    });
    // After the commit, through the outbox (DESIGN rule 6).
    await outbox.sendEmail(
      {
        to: body.email,
        subject: `Your receipt ${model.invoice} from ${config.BRAND_NAME}`,
        text: receiptText(model),
        html: receiptHtml(model, { forEmail: true }),
      },
      { kind: "receipt", order_id: params.orderId },
    );
    return { message: RECEIPT_SENT(body.email) };
  });

  registerCreditNoteRoutes(ctx, tokens, (country, state) => sellerFor(config, country, state), pageThrottle);
}
