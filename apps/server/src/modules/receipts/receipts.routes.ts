import { randomBytes } from "node:crypto";
import { emailReceipt, revokeReceiptLinks, showReceipt } from "@loupe/contract";
import { RECEIPT_SENT } from "@loupe/domain";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { recordJobEvents } from "../jobs/job-events";
import type { ModuleContext } from "../module-context";
import { receiptHtml, receiptModel, receiptText, type Seller } from "./receipt-page";
import { createReceiptTokens } from "./receipt-token";
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

/**
 * Receipts on the web-shop base (ADR 0010): the page at /shop-api/receipt/show/:orderId/:token,
 * opened without signing in, and the e-mail. A token that does not match the job and its current
 * customer answers 404, the same as a job that does not exist.
 */
export function registerReceiptsRoutes({ bind, db, config, outbox }: ModuleContext): void {
  const tokens = createReceiptTokens(config);

  async function load(orderId: number, token: string) {
    const receipt = await readReceipt(db, orderId);
    const revokedAt = receipt ? await receiptLinksRevokedAt(db, orderId) : null;
    // Expired, revoked or wrong: the same 404 as a job that does not exist.
    if (!receipt || !tokens.verify(orderId, receipt.order.customerId, token, revokedAt))
      throw notFound("Receipt");
    return receiptModel(receipt, sellerFor(config, receipt.region.countryCode, receipt.outlet.state));
  }

  bind(showReceipt, async ({ params, reply }) => {
    const model = await load(params.orderId, params.token);
    const nonce = randomBytes(16).toString("base64");
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex, nofollow")
      .header("referrer-policy", "no-referrer")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(receiptHtml(model, { nonce }));
  });

  bind(revokeReceiptLinks, async ({ staff, params }) => {
    const receipt = await readReceipt(db, params.id);
    if (!receipt) throw notFound("Job");
    if (staff.roleId !== 1 && staff.regionId !== receipt.region.id)
      throw new AppError(
        "forbidden",
        "Only an administrator or staff of the job's region can revoke its receipt links.",
      );
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
}
