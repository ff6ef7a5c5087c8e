import {
  confirmPayment,
  createPaymentIntent,
  getPaymentConfig,
  outletTillSummary,
  takeJobPayment,
} from "@loupe/contract";
import { JOB_MONEY_MESSAGES } from "@loupe/domain";
import { z } from "zod";
import { createSandboxGateway } from "../../integrations/payments";
import { reindexJobs } from "../jobs";
import type { ModuleContext } from "../module-context";
import { createJobPaymentsService } from "./job-payments.service";
import { createPaymentsService } from "./payments.service";
import { tillSummary, tillSummaryCsv } from "./till-summary";

export function registerPaymentsRoutes({
  app,
  bind,
  db,
  database,
  readDb,
  search,
  payments: gateway,
}: ModuleContext): void {
  const service = createPaymentsService({ db, gateway });
  const jobPayments = createJobPaymentsService({
    database,
    gateway,
    reindex: (ids) => reindexJobs(database, search, ids),
  });
  bind(takeJobPayment, async ({ staff, params, body, req }) => {
    const key = req.headers["idempotency-key"];
    const data = await jobPayments.take(staff, params.id, body, typeof key === "string" ? key : undefined);
    return { message: JOB_MONEY_MESSAGES.paymentTaken, data };
  });
  bind(createPaymentIntent, async ({ staff, req }) => {
    const key = req.headers["idempotency-key"];
    const { payment, intent } = await service.createIntent(
      staff,
      (req.body ?? {}) as Record<string, unknown>,
      typeof key === "string" ? key : undefined,
    );
    return {
      data: {
        client_secret: intent.clientSecret,
        intent_id: intent.id,
        gateway: gateway.name,
        publishable_key: gateway.publishableKey(payment.currency),
        amount: payment.amountMinor / 100,
        currency: payment.currency,
      },
    };
  });
  bind(outletTillSummary, async ({ staff, params, query, reply }) => {
    // A report of a day, opened on its own page rather than after a write: the replica (ADR 0040).
    const summary = await tillSummary(await readDb.db(), gateway, staff, params.id, query.date);
    if (query.format !== "csv") return { data: summary };
    return reply
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="till-${summary.outlet.abbreviation}-${summary.date}.csv"`,
      )
      .send(tillSummaryCsv(summary));
  });
  bind(confirmPayment, async ({ staff, body }) => service.confirm(staff, body.intent_id));
  bind(getPaymentConfig, ({ query }) => ({
    data: { gateway: gateway.name, publishable_key: gateway.publishableKey(query.currency) },
  }));

  if (gateway.name === "sandbox") {
    // The sandbox provider's own endpoint, outside the staff API, standing where Stripe's servers
    // would: the browser sends the card here, never to /api.
    const sandbox = createSandboxGateway(db);
    const body = z.strictObject({
      client_secret: z.string().min(1),
      card_number: z.string().min(12).max(23),
    });
    app.post("/sandbox-gateway/confirm", { schema: { hide: true } }, async (req, reply) => {
      const parsed = body.safeParse(req.body);
      if (!parsed.success)
        return reply.status(422).send({
          code: "validation_failed",
          message: "Card details are incomplete.",
          error: "Card details are incomplete.",
        });
      try {
        const intent = await sandbox.confirm(parsed.data.client_secret, parsed.data.card_number);
        return { status: intent.status, error: intent.lastError };
      } catch (err) {
        return reply
          .status(404)
          .send({ code: "not_found", message: (err as Error).message, error: (err as Error).message });
      }
    });
  }
}
