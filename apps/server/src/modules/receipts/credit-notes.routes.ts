import { emailCreditNote, showCreditNote } from "@loupe/contract";
import { RECEIPT_LINK_INVALID, rowIdInLink } from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/app-error";
import type { PageThrottle } from "../auth";
import { recordJobEvents } from "../jobs";
import type { ModuleContext } from "../module-context";
import { creditNoteModel, creditNoteText, renderCreditNotePdf } from "./credit-note-pdf";
import { readCreditNote } from "./credit-notes.queries";
import type { Seller } from "./receipt-page";
import { RECEIPT_TOKEN, type ReceiptTokens } from "./receipt-token";
import { readReceipt } from "./receipts.queries";
import { receiptLinksRevokedAt } from "./receipts.revocations";

export const CREDIT_NOTE_SENT = (email: string) => `The credit note sent to ${email} successfully.`;

/**
 * Credit notes (ADR 0033) open through the job's own signed receipt link, so they follow its rules:
 * a wrong, expired or revoked token, or a code of another job, is the same 404 as a job that does
 * not exist; a changed customer changes the link.
 */
export function registerCreditNoteRoutes(
  { bind, db, config, outbox }: ModuleContext,
  tokens: ReceiptTokens,
  sellerFor: (country: string, state: string | null) => Seller,
  pageThrottle: PageThrottle,
): void {
  async function load(orderIdText: string, token: string, code: string) {
    const orderId = rowIdInLink(orderIdText);
    if (orderId === null || !RECEIPT_TOKEN.test(token)) return null;
    const receipt = await readReceipt(db, orderId);
    if (!receipt) return null;
    const revokedAt = await receiptLinksRevokedAt(db, orderId);
    if (!tokens.verify(orderId, receipt.order.customerId, token, revokedAt)) return null;
    const note = await readCreditNote(db, orderId, code);
    if (!note) return null;
    const model = creditNoteModel(receipt, note, sellerFor(receipt.region.countryCode, receipt.outlet.state));
    return Object.assign(model, { customerId: receipt.order.customerId });
  }

  bind(showCreditNote, async ({ params, reply }) => {
    // A malformed id is refused before any statement (the throttle's included): it costs nothing.
    if (rowIdInLink(params.orderId) !== null && (await pageThrottle.refused(reply))) return reply;
    const model = await load(params.orderId, params.token, params.code);
    reply
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex, nofollow")
      .header("referrer-policy", "no-referrer");
    if (!model)
      return reply
        .status(404)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${RECEIPT_LINK_INVALID}</title></head><body><h1>${RECEIPT_LINK_INVALID}</h1><p>Please ask the store for a new receipt link.</p></body></html>`,
        );
    const pdf = await renderCreditNotePdf(model);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${model.code}.pdf"`)
      .send(pdf);
  });

  bind(emailCreditNote, async ({ staff, params, body }) => {
    const model = await load(String(params.orderId), params.token, params.code);
    if (!model) throw notFound("Credit note");
    await db.transaction(async (tx) => {
      await recordJobEvents(tx as unknown as Db, [
        {
          orderId: params.orderId,
          kind: "receipt_sent",
          toValue: `${body.email} (credit note ${model.code})`,
          staffUserId: staff.id,
        },
      ]);
    });
    // A fresh receipt link of the job (its own expiry), pointing at the note.
    const url = `${tokens.url(params.orderId, model.customerId).replace("/receipt/show/", "/receipt/credit-note/")}/${model.code}`;
    // After the commit, through the outbox (DESIGN rule 6).
    await outbox.sendEmail(
      {
        to: body.email,
        subject: `Your ${model.title.toLowerCase()} ${model.code} from ${config.BRAND_NAME}`,
        text: creditNoteText(model, url),
      },
      { kind: "credit_note", order_id: params.orderId },
    );
    return { message: CREDIT_NOTE_SENT(body.email) };
  });
}
