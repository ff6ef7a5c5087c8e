// The Payments panel's call (issue 44, ADR 0057): money toward a job, recorded once per key by the
// jobs module's `recordJobPayment`. A card payment was taken through the card flow first (its
// intent on our `payments` table); it is checked with the gateway here, outside any transaction,
// and its amount is the gateway's, never the browser's.

import { randomUUID } from "node:crypto";
import { formatMoney, JOB_MONEY_MESSAGES, type JobPaymentKind, type PaymentTender } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { PaymentGateway } from "../../integrations/payments";
import type { Database, Db } from "../../platform/db/client";
import { AppError, validationError } from "../../platform/http/app-error";
import { readJobPayment, recordJobPayment, toPaymentWire } from "../jobs";
import type { StaffRow } from "../staff";
import { payments } from "./payments.tables";

export interface TakeJobPaymentBody {
  amount_minor?: number;
  tender: PaymentTender;
  reference?: string | null;
  intent_id?: string | null;
  kind?: JobPaymentKind;
}

/** A card payment the gateway says went through: what to record of it. */
export interface VerifiedCard {
  intentId: string;
  amountMinor: number;
  currency: string;
  gateway: "sandbox" | "stripe";
}

/**
 * The card payment `intentId`, taken through our card flow (createPaymentIntent) for this job or
 * for no job yet (a deposit taken before the counter makes the job), that the gateway says has
 * succeeded. Call it before a transaction: it asks the gateway. 422 on `intent_id` otherwise.
 */
export async function verifiedCardPayment(
  db: Db,
  gateway: PaymentGateway,
  intentId: string,
  orderId: number | null,
): Promise<VerifiedCard> {
  const [ours] = await db.select().from(payments).where(eq(payments.intentId, intentId));
  if (!ours) throw validationError({ intent_id: [JOB_MONEY_MESSAGES.intentNotPaid] });
  if (ours.orderId != null && orderId != null && ours.orderId !== orderId)
    throw validationError({ intent_id: [JOB_MONEY_MESSAGES.intentOtherJob] });
  let intent: Awaited<ReturnType<PaymentGateway["retrieveIntent"]>>;
  try {
    intent = await gateway.retrieveIntent(intentId, ours.currency);
  } catch (err) {
    throw new AppError("upstream_failed", `The payment provider failed: ${(err as Error).message}`);
  }
  if (intent.status !== "succeeded") throw validationError({ intent_id: [JOB_MONEY_MESSAGES.intentNotPaid] });
  return {
    intentId,
    amountMinor: intent.amountMinor,
    currency: intent.currency,
    gateway: gateway.name === "stripe" ? "stripe" : "sandbox",
  };
}

export function createJobPaymentsService({
  database,
  gateway,
  reindex,
}: {
  database: Database;
  gateway: PaymentGateway;
  reindex: (orderIds: number[]) => Promise<void>;
}) {
  const db = database.db;
  return {
    async take(staff: StaffRow, orderId: number, body: TakeJobPaymentBody, headerKey?: string) {
      const key = headerKey ?? randomUUID();
      let amountMinor = body.amount_minor;
      let card: VerifiedCard | null = null;
      if (body.tender === "card") {
        if (!body.intent_id) throw validationError({ intent_id: [JOB_MONEY_MESSAGES.intent] });
        card = await verifiedCardPayment(db, gateway, body.intent_id, orderId);
        if (amountMinor !== undefined && amountMinor !== card.amountMinor)
          throw validationError({
            amount_minor: [
              `The amount must be the card payment's (${formatMoney(card.amountMinor / 100, card.currency)}).`,
            ],
          });
        amountMinor = card.amountMinor;
      }
      if (amountMinor === undefined) throw validationError({ amount_minor: [JOB_MONEY_MESSAGES.amount] });
      let result: Awaited<ReturnType<typeof recordJobPayment>>;
      try {
        result = await recordJobPayment(db, {
          orderId,
          amountMinor,
          tender: body.tender,
          reference: body.reference ?? null,
          intentId: card?.intentId ?? null,
          gateway: card?.gateway ?? null,
          idempotencyKey: key,
          staffId: staff.id,
          kind: body.kind ?? "payment",
          outletId: staff.outletId ?? null,
        });
      } catch (err) {
        // The wire's field is amount_minor: the domain's amount check names it so.
        if (err instanceof AppError && err.errors?.amount) {
          const { amount, ...rest } = err.errors;
          throw validationError({ amount_minor: amount, ...rest });
        }
        throw err;
      }
      if (result.created) await reindex([orderId]);
      const payment = await readJobPayment(db, result.paymentId);
      return {
        payment: toPaymentWire(payment!),
        created: result.created,
        balance_due: result.balanceDueMinor / 100,
        balance_due_minor: result.balanceDueMinor,
      };
    },
  };
}
