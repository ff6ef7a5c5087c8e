import { randomUUID } from "node:crypto";
import {
  acceptQuote,
  addQuoteLine,
  approveDiscount,
  createCounterJob,
  createQuote,
  emailQuote,
  getQuote,
  listCustomerQuotes,
  printQuote,
  removeQuoteLine,
  updateQuote,
  updateQuoteLine,
} from "@loupe/contract";
import { QUOTE_MESSAGES } from "@loupe/domain";
import type { FastifyRequest } from "fastify";
import { AppError, validationError } from "../../platform/http/app-error";
import { createAuthService } from "../auth";
import { createJobEditService } from "../job-edit";
import { jobDetailPortSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { verifiedCardPayment } from "../payments";
import { createDiscountApprovals, DISCOUNT_APPROVAL_MESSAGES } from "./discount-approvals";
import { quoteModel, quoteText, renderQuotePdf } from "./quote-pdf";
import { outletForQuote } from "./quotes.queries";
import { createQuotesService } from "./quotes.service";

/** The Idempotency-Key header: a retry with the same key answers the first result. */
function idempotencyKey(req: FastifyRequest): string | null {
  const key = req.headers["idempotency-key"];
  if (key === undefined) return null;
  if (typeof key !== "string" || !/^[\x21-\x7e]{1,200}$/.test(key))
    throw validationError({
      "Idempotency-Key": ["The Idempotency-Key header must be 1 to 200 visible characters."],
    });
  return key;
}

export function registerQuotesRoutes({
  app,
  bind,
  db,
  config,
  outbox,
  slots,
  payments,
}: ModuleContext): void {
  const jobEdit = createJobEditService({ db, outbox, slots });
  const service = createQuotesService({
    db,
    settings: {
      expiryDays: config.QUOTE_EXPIRY_DAYS,
      depositMinimumPercent: config.DEPOSIT_MINIMUM_PERCENT,
      discountLimits: {
        staffPercent: config.QUOTE_DISCOUNT_LIMIT_STAFF_PERCENT,
        managerPercent: config.QUOTE_DISCOUNT_LIMIT_MANAGER_PERCENT,
      },
    },
    freezeSelection: (staff, productId, customerId, selection) =>
      jobEdit.quoteSelection(staff, productId, customerId, selection),
    // Made through our card flow (for no job yet) and gone through at the gateway: the payments module's check.
    checkCard: async (id) => {
      const card = await verifiedCardPayment(db, payments, id, null);
      return { status: "succeeded", amountMinor: card.amountMinor };
    },
    gatewayName: payments.name,
  });
  const approvals = createDiscountApprovals({
    db,
    auth: createAuthService({ db, config, outbox, log: app.log }),
  });

  /** The accept's answer with the job as its detail reads (after the commit), and the search index caught up. */
  async function withJob<T extends { order_id: number }>(data: T) {
    const port = jobDetailPortSlot.get(slots);
    // The search engine's copy is a cache: a failed reindex never fails the job that was made.
    await port
      .reindex([data.order_id])
      .catch((err) => app.log.warn({ err }, "reindex after counter job failed"));
    return { message: QUOTE_MESSAGES.accepted, data: { ...data, order: await port.detail(data.order_id) } };
  }

  bind(createQuote, async ({ staff, body }) => ({
    message: QUOTE_MESSAGES.created,
    data: await service.create(staff, body),
  }));
  bind(getQuote, async ({ params }) => ({ data: await service.get(params.id) }));
  bind(listCustomerQuotes, async ({ params, query }) => ({
    data: await service.listForCustomer(params.id, query.status),
  }));
  bind(updateQuote, async ({ staff, params, body }) => ({
    message: QUOTE_MESSAGES.saved,
    data: await service.update(staff, params.id, body),
  }));
  bind(addQuoteLine, async ({ staff, params, body }) => ({
    message: QUOTE_MESSAGES.saved,
    data: await service.addLine(staff, params.id, body),
  }));
  bind(updateQuoteLine, async ({ staff, params, body }) => ({
    message: QUOTE_MESSAGES.saved,
    data: await service.updateLine(staff, params.id, params.lineId, body),
  }));
  bind(removeQuoteLine, async ({ staff, params, query }) => ({
    message: QUOTE_MESSAGES.saved,
    data: await service.removeLine(staff, params.id, params.lineId, query.version),
  }));

  async function model(id: number) {
    const quote = await service.get(id);
    const outlet = await outletForQuote(db, quote.outlet.id);
    if (!outlet) throw new AppError("not_found", "Outlet not found");
    return quoteModel(quote, outlet, config.BRAND_NAME);
  }

  bind(printQuote, async ({ params, reply }) => {
    const m = await model(params.id);
    const pdf = await renderQuotePdf(m);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${m.reference}.pdf"`)
      .send(pdf);
  });

  bind(emailQuote, async ({ params, body }) => {
    const quote = await service.get(params.id);
    const to = body.email ?? quote.customer?.email ?? quote.guest?.email ?? null;
    if (!to) throw validationError({ email: ["The customer has no e-mail address: enter one."] });
    const m = await model(params.id);
    const pdf = await renderQuotePdf(m);
    const sent = await outbox.sendEmail(
      {
        to,
        subject: `Your quote ${m.reference} from ${m.brand}`,
        text: quoteText(m),
        attachments: [{ filename: `${m.reference}.pdf`, content: pdf, contentType: "application/pdf" }],
      },
      // What was sent, never what it says (the quote holds health data): the quote's id alone.
      { kind: "quote", quote_id: params.id },
    );
    if (sent.status === "failed") throw new AppError("upstream_failed", "Email Couldn't Send");
    return { message: QUOTE_MESSAGES.emailed };
  });

  bind(acceptQuote, async ({ staff, params, body, req }) => {
    const key = idempotencyKey(req) ?? `accept-${randomUUID()}`;
    return withJob(await service.accept(staff, params.id, body, key));
  });

  bind(createCounterJob, async ({ staff, body, req }) => {
    const key = idempotencyKey(req) ?? randomUUID();
    return withJob(await service.createJob(staff, body, key));
  });

  bind(approveDiscount, async ({ staff, body, req }) => {
    const data = await approvals.approve(staff, body, { ip: req.ip });
    // Who approved what, never the credentials (the body is not logged, ADR 0013's logger).
    req.log.info({ event: "discount_approval", approverId: data.approver.id }, "approved");
    return { message: DISCOUNT_APPROVAL_MESSAGES.approved, data };
  });
}
