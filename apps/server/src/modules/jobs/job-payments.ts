// Money taken toward a job (issue 44, ADR 0057): a deposit when the counter makes the job, and any
// later payment. `recordJobPayment` is the one writer; the counter's job-creating transaction and
// the Payments panel's endpoint both call it, so a payment is recorded exactly once per key.

import {
  checkJobPayment,
  formatMoney,
  JOB_MONEY_MESSAGES,
  type JobPaymentKind,
  type PaymentTender,
  paymentStatusSlug,
  TENDER_LABELS,
} from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, validationError } from "../../platform/http/app-error";
import { recordJobEvents } from "./job-events";
import { paymentStatusIdBySlug } from "./job-reference.queries";
import { orderPayments, orders } from "./jobs.tables";
import { regionOfJob } from "./partial-refunds.queries";

export interface JobPaymentInput {
  orderId: number;
  amountMinor: number;
  tender: PaymentTender;
  /** Gift card no., health fund claim no., EFTPOS receipt no. */
  reference?: string | null;
  /**
   * Card: a PaymentIntent that has already succeeded, checked through the payment port by the
   * caller before its transaction (`verifiedCardAmount`); the amount must be the intent's.
   */
  intentId?: string | null;
  gateway?: "sandbox" | "stripe" | null;
  idempotencyKey: string;
  staffId: number;
  kind?: JobPaymentKind;
  /** The till it was taken at (the staff member's outlet); the job's outlet when absent. */
  outletId?: number | null;
}

export interface JobPaymentResult {
  paymentId: number;
  /** False when the key was used before: the first payment is answered and nothing is taken again. */
  created: boolean;
  balanceDueMinor: number;
}

/** "Deposit $50.00 cash (ref 1234)": the timeline's words for a payment. */
const eventText = (kind: JobPaymentKind, amount: string, tender: PaymentTender, reference: string | null) =>
  `${kind === "deposit" ? "Deposit" : "Payment"} ${amount} ${TENDER_LABELS[tender].toLowerCase()}${reference ? ` (ref ${reference})` : ""}`;

async function answerReplay(db: Db, input: JobPaymentInput): Promise<JobPaymentResult | null> {
  const [first] = await db
    .select({ id: orderPayments.id, orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.idempotencyKey, input.idempotencyKey));
  if (!first) return null;
  if (first.orderId !== input.orderId)
    throw new AppError("conflict", "This idempotency key was used for a payment on another job.");
  const [o] = await db
    .select({ balance: orders.balanceDueMinor })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  return { paymentId: first.id, created: false, balanceDueMinor: o?.balance ?? 0 };
}

/**
 * Records one payment toward a job, once per idempotency key. Pass the caller's transaction when
 * there is one (the counter's job creation): it runs in a savepoint of it; otherwise in its own.
 * The job's row is locked first, so parallel payments on one job take turns and the balance each
 * checks is the one the previous left: together they never take more than is owed.
 */
export async function recordJobPayment(db: Db, input: JobPaymentInput): Promise<JobPaymentResult> {
  const replay = await answerReplay(db, input);
  if (replay) return replay;
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new AppError("not_found", "Order not found");
    // A parallel request with the same key waited on the lock above: it finds the first's payment.
    const again = await answerReplay(tx, input);
    if (again) return again;
    if (order.moneyClosed) throw new AppError("conflict", JOB_MONEY_MESSAGES.closed);
    const region = await regionOfJob(tx, order);
    const fmt = (minor: number) => formatMoney(minor / 100, region?.currency ?? "AUD");
    const reference = input.reference?.trim() || null;
    const check = checkJobPayment(
      {
        amountMinor: input.amountMinor,
        tender: input.tender,
        reference,
        balanceMinor: order.balanceDueMinor,
      },
      fmt,
    );
    if (!check.ok) throw validationError({ [check.field]: [check.message] });
    if (input.tender === "card" && !input.intentId)
      throw validationError({ intent_id: [JOB_MONEY_MESSAGES.intent] });
    const kind = input.kind ?? "payment";
    const [payment] = await tx
      .insert(orderPayments)
      .values({
        orderId: order.id,
        amountMinor: input.amountMinor,
        paymentTypeName: TENDER_LABELS[input.tender],
        gateway: input.tender === "card" ? (input.gateway ?? null) : null,
        intentId: input.tender === "card" ? (input.intentId ?? null) : null,
        tender: input.tender,
        reference,
        kind,
        idempotencyKey: input.idempotencyKey,
        takenBy: input.staffId,
        outletId: input.outletId ?? order.originOutletId,
      })
      .onConflictDoNothing()
      .returning({ id: orderPayments.id });
    if (!payment) {
      // The key (on another job, raced) or the card intent is recorded already.
      const raced = await answerReplay(tx, input);
      if (raced) return raced;
      throw new AppError("conflict", JOB_MONEY_MESSAGES.intentUsed);
    }
    const paid = order.totalPaymentMinor + input.amountMinor;
    const statusId = await paymentStatusIdBySlug(tx, paymentStatusSlug(order.totalAmountMinor, paid));
    const [after] = await tx
      .update(orders)
      .set({
        totalPaymentMinor: paid,
        ...(statusId ? { paymentStatusId: statusId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning({ balance: orders.balanceDueMinor });
    await recordJobEvents(tx, [
      {
        orderId: order.id,
        kind: "payment",
        toValue: eventText(kind, fmt(input.amountMinor), input.tender, reference),
        staffUserId: input.staffId,
      },
    ]);
    return { paymentId: payment.id, created: true, balanceDueMinor: after.balance };
  });
}
