import { randomUUID } from "node:crypto";
import type { PartialRefundBody, RefundableWire } from "@loupe/contract";
import {
  currencyForCountry,
  formatMoney,
  NOT_REFUNDABLE,
  offGatewayTender,
  quoteRefund,
  REFUND_IN_PROGRESS,
  REFUNDED_QUANTITY,
  refundable,
  TENDER_RETURN,
} from "@loupe/domain";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { type PaymentGateway, PaymentGatewayError } from "../../integrations/payments";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { recordJobEvents } from "./job-events";
import { allStatuses, refundReasonByName, refundReasonBySlug } from "./job-reference.queries";
import { issueCreditNoteSlot, refundApprovalSlot } from "./jobs.slots";
import { orderItems, orderPayments, orderRefundPayments, orderRefunds, orders } from "./jobs.tables";
import { loadQuoteFacts, regionOfJob } from "./partial-refunds.queries";
import { loadRefundStates } from "./refund-facts";
import { refundOutcome } from "./refund-outcome";

type Attempt = typeof orderRefunds.$inferSelect;
type Share = typeof orderRefundPayments.$inferSelect;
/** As for full refunds (ADR 0030): a pending attempt this old was abandoned by its request. */
const ABANDONED_AFTER_MS = 120_000;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export const REFUND_KEY_REUSED =
  "This Idempotency-Key was already used for a different refund (other items, amount, destination or reason). A changed refund is a new attempt: send it with a new key.";

/**
 * One idempotency key, one refund (as ADR 0031's one key, one payment): a retry must ask for the same
 * items and units, the same destination and reason, and the same amount when it names one.
 */
export function sameRefundRequest(
  attempt: Pick<Attempt, "method" | "reason" | "lines" | "amountMinor">,
  body: PartialRefundBody,
  reason: string,
) {
  const asked = (body.items ?? []).map((i) => `${i.id}x${i.quantity}`).sort();
  const had = attempt.lines.map((l) => `${l.itemId}x${l.quantity}`).sort();
  const method = body.destination === "till" ? "till" : "gateway";
  const amount = body.amount_minor ?? null;
  return (
    asked.join(",") === had.join(",") &&
    method === attempt.method &&
    reason === attempt.reason &&
    (amount === null || amount === attempt.amountMinor)
  );
}

/** The gateway key of one payment's share: a new one only after the gateway refused the last (nothing moved). */
export const shareKey = (attemptKey: string, share: Pick<Share, "paymentId" | "tries">) =>
  share.tries <= 1 ? `${attemptKey}:${share.paymentId}` : `${attemptKey}:${share.paymentId}:${share.tries}`;

/**
 * Partial refunds (issue 30, ADR 0033), in the three steps of full refunds (ADR 0030):
 *   1. claim, under the job's row lock: price the request with the domain's `quoteRefund` against
 *      every refund not failed (pending ones included), then insert the attempt with its lines and
 *      one share per card payment. Claims of one job run one at a time, so the shares of a payment
 *      never add up to more than it captured, however many requests arrive together;
 *   2. the gateway, outside any transaction, share by share in the split's order, each with its own
 *      idempotency key, each share marked as soon as the gateway answers;
 *   3. record, in one transaction: the attempt succeeds, fully returned items go to quantity −1 and
 *      Refunded, the job becomes Refunded only when nothing is left, the credit note gets the
 *      region's next number, and the timeline says it all.
 * A gateway refusal of the first share fails the attempt (nothing moved); of a later one leaves it
 * `incomplete` with the shares that went through; the same request (same key) completes it.
 */
export function createPartialRefundsService({
  database,
  gateway,
  detail,
  reindex,
  slots,
}: {
  database: Database;
  gateway: PaymentGateway;
  detail: (orderId: number) => Promise<unknown>;
  reindex: (orderIds: number[]) => Promise<void>;
  /** The app's slots: receipts issues the credit note (issueCreditNoteSlot). */
  slots: Slots;
}) {
  const db = database.db;

  async function reasonName(input: string) {
    const [bySlug] = await refundReasonBySlug(db, input);
    const [byName] = bySlug ? [bySlug] : await refundReasonByName(db, input);
    if (!byName) throw validationError({ reason: ["The selected reason is invalid."] });
    return byName.name;
  }

  async function claim(
    staff: StaffRow,
    orderId: number,
    body: PartialRefundBody,
    reason: string,
    key: string,
  ) {
    try {
      return await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!order) throw notFound("Order");
        const [same] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
        if (same) return { attempt: same, created: false };
        const state = (await loadRefundStates(tx, [order])).get(orderId)!;
        if (!state.is_refundable) {
          const [pending] = await tx
            .select({ id: orderRefunds.id })
            .from(orderRefunds)
            .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending")));
          throw new AppError("conflict", pending ? REFUND_IN_PROGRESS : NOT_REFUNDABLE);
        }
        const { facts, region } = await loadQuoteFacts(tx, order, state.refund_type === "void");
        const currency = currencyForCountry(region?.countryCode);
        const quoted = quoteRefund(
          facts,
          { items: body.items ?? [], amountMinor: body.amount_minor ?? null, destination: body.destination },
          (m) => formatMoney(m / 100, currency),
        );
        if (!quoted.ok) throw validationError(quoted.errors);
        const q = quoted.quote;
        // A refund above the limit uses its manager's approval here, once, under the job's lock.
        const approvedBy = await refundApprovalSlot.get(slots)(tx, {
          orderId,
          regionId: region.regionId,
          currency,
          requester: { id: staff.id, roleId: staff.roleId },
          action: state.refund_type === "void" ? "void" : "refund",
          amountMinor: q.amountMinor,
        });
        const [attempt] = await tx
          .insert(orderRefunds)
          .values({
            orderId,
            idempotencyKey: key,
            kind: "refund",
            // The refund that empties the job is its full refund: one per job (ADR 0030's index).
            scope: q.completesJob ? "full" : "partial",
            amountMinor: q.amountMinor,
            method: body.destination === "till" ? "till" : "gateway",
            reason,
            lines: q.lines,
            staffUserId: staff.id,
            approvedBy,
          })
          .returning();
        const shares = q.splits.filter((s) => s.paymentId !== null);
        if (shares.length)
          await tx.insert(orderRefundPayments).values(
            shares.map((s, position) => ({
              refundId: attempt.id,
              paymentId: s.paymentId!,
              position,
              amountMinor: s.amountMinor,
            })),
          );
        return { attempt, created: true };
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const [same] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
        if (same) return { attempt: same, created: false };
        throw new AppError("conflict", REFUND_IN_PROGRESS);
      }
      throw err;
    }
  }

  const sharesOf = (attemptId: number) =>
    db
      .select()
      .from(orderRefundPayments)
      .where(eq(orderRefundPayments.refundId, attemptId))
      .orderBy(asc(orderRefundPayments.position));

  /** Step 2: each share not yet returned, in order; stops at the first the gateway does not take. */
  async function callGateway(attempt: Attempt, currency: string) {
    const shares = await sharesOf(attempt.id);
    const pays = shares.length
      ? await db
          .select()
          .from(orderPayments)
          .where(
            inArray(
              orderPayments.id,
              shares.map((s) => s.paymentId),
            ),
          )
      : [];
    for (const share of shares) {
      if (share.status === "succeeded") continue;
      const pay = pays.find((p) => p.id === share.paymentId)!;
      try {
        const refund = await gateway.refund({
          intentId: pay.intentId!,
          currency,
          amountMinor: share.amountMinor,
          idempotencyKey: shareKey(attempt.idempotencyKey, share),
          metadata: { order_id: String(attempt.orderId), refund_attempt: String(attempt.id) },
        });
        await db
          .update(orderRefundPayments)
          .set({ status: "succeeded", gatewayRef: refund.id, error: null, updatedAt: new Date() })
          .where(eq(orderRefundPayments.id, share.id));
      } catch (err) {
        const refused = err instanceof PaymentGatewayError && err.refused;
        const message =
          err instanceof PaymentGatewayError
            ? err.message
            : `The payment provider failed: ${(err as Error).message}`;
        // A refusal moved nothing: the share is failed and its next try needs a new key. An
        // unreachable gateway may have refunded: the share stays pending, retried with the same key.
        await db
          .update(orderRefundPayments)
          .set(
            refused
              ? { status: "failed", error: message, updatedAt: new Date() }
              : { error: message, updatedAt: new Date() },
          )
          .where(eq(orderRefundPayments.id, share.id));
        return { ok: false as const, refused, message };
      }
    }
    return { ok: true as const };
  }

  /** Step 3: the attempt, the items, the job, the credit note and the timeline change together, once. */
  async function succeed(staff: StaffRow, attempt: Attempt) {
    const statusRows = await allStatuses(db);
    const find = (kind: "dispense" | "item" | "payment", s: string) =>
      statusRows.find((r) => r.kind === kind && r.slug === s)!;
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for("update");
      const [done] = await tx
        .update(orderRefunds)
        .set({ status: "succeeded", completedAt: new Date(), error: null })
        .where(
          and(
            eq(orderRefunds.id, attempt.id),
            or(eq(orderRefunds.status, "pending"), eq(orderRefunds.status, "incomplete")),
          ),
        )
        .returning();
      if (!done) return;
      const shares = await tx
        .select()
        .from(orderRefundPayments)
        .where(eq(orderRefundPayments.refundId, done.id));
      await tx
        .update(orderRefunds)
        .set({ gatewayRefs: shares.map((s) => s.gatewayRef ?? "").filter(Boolean) })
        .where(eq(orderRefunds.id, done.id));
      const { facts, region, pays } = await loadQuoteFacts(tx, order, false);
      const after = refundable(facts);
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const emptied = after.remainingMinor === 0;
      // Items with no unit left to refund leave the workshop: quantity −1, Refunded (jobs-area §9).
      const returned = items.filter(
        (i) =>
          i.quantity !== REFUNDED_QUANTITY &&
          (emptied || after.items.find((x) => x.id === i.id)?.remainingQuantity === 0),
      );
      if (returned.length)
        await tx
          .update(orderItems)
          .set({
            quantity: REFUNDED_QUANTITY,
            dispenseStatusId: find("item", "refunded").id,
            updatedAt: new Date(),
          })
          .where(
            inArray(
              orderItems.id,
              returned.map((i) => i.id),
            ),
          );
      const from = statusRows.find((r) => r.id === order.dispenseStatusId);
      if (emptied)
        await tx
          .update(orders)
          .set({
            dispenseStatusId: find("dispense", "refunded").id,
            paymentStatusId: find("payment", "refunded").id,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id));
      // Money not sent to the card goes back to the tender it was paid with: a health fund, a gift card, the till.
      const destination =
        TENDER_RETURN[
          done.method === "gateway"
            ? "card"
            : offGatewayTender(pays.map((p) => ({ name: p.paymentTypeName, card: !!p.intentId })))
        ];
      const code = await issueCreditNoteSlot.get(slots)(tx, {
        regionId: region.regionId,
        countryCode: region.countryCode,
        orderId: order.id,
        refundId: done.id,
        amountMinor: done.amountMinor,
        reason: done.reason,
        destination,
        lines: done.lines,
        issuedBy: staff.id,
        approvedBy: done.approvedBy,
      });
      const amount = formatMoney(done.amountMinor / 100, region.currency);
      await recordJobEvents(tx, [
        {
          orderId: order.id,
          kind: "refund",
          fromValue: emptied ? (from?.displayName ?? null) : null,
          toValue: `${amount} ${destination} (${done.reason}), credit note ${code}${emptied ? "" : ", partly refunded"}`,
          staffUserId: staff.id,
        },
        ...returned.map((i) => ({
          orderId: order.id,
          orderItemId: i.id,
          kind: "item_status" as const,
          fromValue: statusRows.find((r) => r.id === i.dispenseStatusId)?.displayName ?? null,
          toValue: find("item", "refunded").displayName,
          staffUserId: staff.id,
        })),
      ]);
    });
  }

  async function drive(staff: StaffRow, attempt: Attempt) {
    const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId));
    const region = await regionOfJob(db, order);
    const outcome = await callGateway(attempt, region.currency);
    if (outcome.ok) return succeed(staff, attempt);
    const shares = await sharesOf(attempt.id);
    const moved = shares.filter((s) => s.status === "succeeded");
    if (!outcome.refused) {
      // Not reached: leave the attempt pending; the same key drives it again with the same keys.
      await db.update(orderRefunds).set({ error: outcome.message }).where(eq(orderRefunds.id, attempt.id));
      throw new AppError("upstream_failed", outcome.message);
    }
    if (!moved.length) {
      await db
        .update(orderRefunds)
        .set({ status: "failed", error: outcome.message, completedAt: new Date() })
        .where(and(eq(orderRefunds.id, attempt.id), eq(orderRefunds.status, "pending")));
      throw new AppError("conflict", outcome.message);
    }
    const sent = formatMoney(moved.reduce((n, s) => n + s.amountMinor, 0) / 100, region.currency);
    const message = `The refund stopped part-way: ${sent} went back to the card, then the payment provider refused: ${outcome.message} Send the refund again to complete it.`;
    await db
      .update(orderRefunds)
      .set({ status: "incomplete", error: message })
      .where(
        and(
          eq(orderRefunds.id, attempt.id),
          or(eq(orderRefunds.status, "pending"), eq(orderRefunds.status, "incomplete")),
        ),
      );
    throw new AppError("conflict", message);
  }

  /** Completing an incomplete refund: the refused shares are tried again, each with a new key. */
  async function reopen(attempt: Attempt) {
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, attempt.orderId)).for("update");
      const shares = await tx
        .select()
        .from(orderRefundPayments)
        .where(eq(orderRefundPayments.refundId, attempt.id));
      for (const s of shares.filter((x) => x.status === "failed"))
        await tx
          .update(orderRefundPayments)
          .set({ status: "pending", tries: s.tries + 1, updatedAt: new Date() })
          .where(and(eq(orderRefundPayments.id, s.id), eq(orderRefundPayments.status, "failed")));
    });
  }

  return {
    async refund(staff: StaffRow, orderId: number, body: PartialRefundBody, headerKey?: string) {
      const key = headerKey?.trim() || randomUUID();
      if (key.length > 200)
        throw validationError({ "Idempotency-Key": ["The Idempotency-Key is too long."] });
      const [previous] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
      let attempt: Attempt;
      let created = false;
      if (previous) {
        if (previous.orderId !== orderId)
          throw new AppError("conflict", "This Idempotency-Key was already used for another job.");
        const reason = await reasonName(body.reason).catch(() => null);
        if (reason === null || !sameRefundRequest(previous, body, reason))
          throw new AppError("conflict", REFUND_KEY_REUSED);
        attempt = previous;
      } else {
        const reason = await reasonName(body.reason);
        ({ attempt, created } = await claim(staff, orderId, body, reason, key));
        if (attempt.orderId !== orderId)
          throw new AppError("conflict", "This Idempotency-Key was already used for another job.");
        if (!created && !sameRefundRequest(attempt, body, reason))
          throw new AppError("conflict", REFUND_KEY_REUSED);
      }
      if (attempt.status === "incomplete") {
        await reopen(attempt);
        await drive(staff, attempt);
        [attempt] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, attempt.id));
      } else if (attempt.status === "pending") {
        if (created || Date.now() - attempt.createdAt.getTime() > ABANDONED_AFTER_MS) {
          await drive(staff, attempt);
          [attempt] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, attempt.id));
        } else attempt = await refundOutcome(db, attempt.id);
      }
      if (attempt.status === "failed" || attempt.status === "incomplete")
        throw new AppError("conflict", attempt.error ?? "The refund failed.");
      if (attempt.status === "pending") throw new AppError("conflict", REFUND_IN_PROGRESS);
      await reindex([orderId]);
      return detail(orderId);
    },

    /** What is left to refund, for the form: the facts `quoteRefund` prices with, and their names. */
    async refundableOf(orderId: number): Promise<RefundableWire> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound("Job");
      const state = (await loadRefundStates(db, [order])).get(orderId)!;
      const { facts, region, items, pays } = await loadQuoteFacts(db, order, state.refund_type === "void");
      const left = refundable(facts);
      return {
        order_id: orderId,
        currency: region.currency,
        country_code: region.countryCode,
        is_refundable: state.is_refundable,
        void_only: facts.voidOnly,
        coupon_minor: facts.couponMinor,
        items: facts.items.map((i) => {
          const l = left.items.find((x) => x.id === i.id)!;
          return {
            id: i.id,
            name: items.find((x) => x.id === i.id)?.name ?? "",
            quantity: i.quantity,
            total_amount_minor: i.totalAmountMinor,
            taxable: i.taxable,
            refunded_quantity: l.refundedQuantity,
            remaining_quantity: l.remainingQuantity,
            remaining_minor: l.remainingMinor,
          };
        }),
        payments: facts.payments.map((p) => ({
          id: p.id,
          label: pays.find((x) => x.id === p.id)?.paymentTypeName ?? "",
          amount_minor: p.amountMinor,
          card: p.card,
          authorised_only: p.authorisedOnly,
          created_at: p.createdAt.toISOString(),
          remaining_minor: left.payments.find((x) => x.id === p.id)?.remainingMinor ?? 0,
        })),
        refunds: facts.refunds.map((r) => ({
          amount_minor: r.amountMinor,
          lines: r.lines.map((l) => ({
            item_id: l.itemId,
            quantity: l.quantity,
            amount_minor: l.amountMinor,
          })),
          splits: r.splits.map((s) => ({ payment_id: s.paymentId, amount_minor: s.amountMinor })),
        })),
        paid_minor: left.paidMinor,
        refunded_minor: left.refundedMinor,
        remaining_minor: left.remainingMinor,
      };
    },
  };
}
