import { randomUUID } from "node:crypto";
import {
  currencyForCountry,
  NOT_REFUNDABLE,
  offGatewayTender,
  REFUND_IN_PROGRESS,
  REFUNDED_QUANTITY,
  refundable,
  refundWhere,
} from "@loupe/domain";
import { and, eq } from "drizzle-orm";
import { type PaymentGateway, PaymentGatewayError } from "../../integrations/payments";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { recordJobEvents } from "./job-events";
import { allStatuses, refundReasonByName, refundReasonBySlug, regionCurrency } from "./job-reference.queries";
import { issueCreditNoteSlot, refundApprovalSlot } from "./jobs.slots";
import { orderItems, orderPayments, orderRefunds, orders } from "./jobs.tables";
import { loadQuoteFacts, regionOfJob } from "./partial-refunds.queries";
import { loadRefundStates } from "./refund-facts";
import { refundOutcome } from "./refund-outcome";

type Attempt = typeof orderRefunds.$inferSelect;
/** A pending attempt older than this was abandoned (its request died before recording): drive it again. */
const ABANDONED_AFTER_MS = 120_000;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** Postgres unique violation (SQLSTATE 23505), through either driver. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/**
 * Full refunds and voids (ADR 0030). Three steps, never a gateway call inside a transaction
 * (DESIGN rule 6):
 *   1. claim: under the job's row lock, check it is refundable and insert the attempt (one full
 *      refund per job pending or done, by a partial unique index; amounts never above what was paid);
 *   2. call the gateway with the attempt's idempotency key (one key per payment refunded);
 *   3. record: the attempt succeeds and the job and its items become Refunded (or Voided) with a
 *      timeline entry, in one transaction; or the attempt fails and the job is left as it was.
 * A retry with the same Idempotency-Key answers the first outcome (waiting for it while the first
 * request is still at the gateway); a retry of an attempt abandoned as pending (a crash between 2
 * and 3) calls the gateway again with the same keys, which answers the same refund, and records it once.
 */
export function createRefundsService({
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

  async function claim(
    staff: StaffRow,
    orderId: number,
    reason: string,
    key: string,
  ): Promise<{ attempt: Attempt; created: boolean }> {
    try {
      return await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!order) throw notFound("Order");
        // A retry with this key that waited for the lock answers the attempt the first one made.
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
        const pays = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
        const region = await regionOfJob(tx, order);
        // A refund above the limit uses its manager's approval here, once, under the job's lock.
        const approvedBy = await refundApprovalSlot.get(slots)(tx, {
          orderId,
          regionId: region.regionId,
          currency: currencyForCountry(region.countryCode),
          requester: { id: staff.id, roleId: staff.roleId },
          action: state.refund_type === "void" ? "void" : "refund",
          amountMinor: state.refundableMinor,
        });
        const [attempt] = await tx
          .insert(orderRefunds)
          .values({
            orderId,
            idempotencyKey: key,
            kind: state.refund_type ?? "refund",
            scope: "full",
            amountMinor: state.refundableMinor,
            method: pays.some((p) => p.intentId) ? "gateway" : "till",
            reason,
            staffUserId: staff.id,
            approvedBy,
          })
          .returning();
        return { attempt, created: true };
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        // The same key raced us (answer its outcome), or another attempt holds the job.
        const [same] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
        if (same) return { attempt: same, created: false };
        throw new AppError("conflict", REFUND_IN_PROGRESS);
      }
      throw err;
    }
  }

  /** Step 2: the gateway, outside any transaction. Till payments are returned by staff at the outlet. */
  async function callGateway(attempt: Attempt): Promise<string[]> {
    const pays = await db.select().from(orderPayments).where(eq(orderPayments.orderId, attempt.orderId));
    const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId));
    const { currency } = await currencyOf(order.regionId);
    // Partial refunds before this one (ADR 0033) took part of some payments: return what each has left.
    const left = refundable((await loadQuoteFacts(db, order, false, attempt.id)).facts).payments;
    const refs: string[] = [];
    for (const p of pays.filter((x) => x.intentId)) {
      const idempotencyKey = `${attempt.idempotencyKey}:${p.id}`;
      if (attempt.kind === "void" && p.state === "authorised") {
        refs.push((await gateway.cancel({ intentId: p.intentId!, currency, idempotencyKey })).id);
      } else {
        const amountMinor = left.find((x) => x.id === p.id)?.remainingMinor ?? p.amountMinor;
        if (amountMinor <= 0) continue;
        const refund = await gateway.refund({
          intentId: p.intentId!,
          currency,
          amountMinor,
          idempotencyKey,
          metadata: { order_id: String(attempt.orderId), refund_attempt: String(attempt.id) },
        });
        refs.push(refund.id);
      }
    }
    return refs;
  }

  async function currencyOf(regionId: number) {
    return { currency: (await regionCurrency(database, regionId)) ?? "AUD" };
  }

  async function fail(attempt: Attempt, message: string) {
    await db
      .update(orderRefunds)
      .set({ status: "failed", error: message, completedAt: new Date() })
      .where(and(eq(orderRefunds.id, attempt.id), eq(orderRefunds.status, "pending")));
  }

  /** Step 3: the attempt and the job change together, once, whatever the number of retries. */
  async function succeed(staff: StaffRow, attempt: Attempt, refs: string[]) {
    const slug = attempt.kind === "void" ? "voided" : "refunded";
    const statusRows = await allStatuses(db);
    const find = (kind: "dispense" | "item" | "payment", s: string) =>
      statusRows.find((r) => r.kind === kind && r.slug === s)!;
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [done] = await tx
        .update(orderRefunds)
        .set({ status: "succeeded", gatewayRefs: refs, completedAt: new Date(), error: null })
        .where(and(eq(orderRefunds.id, attempt.id), eq(orderRefunds.status, "pending")))
        .returning();
      if (!done) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for("update");
      const from = statusRows.find((r) => r.id === order.dispenseStatusId);
      await tx
        .update(orders)
        .set({
          dispenseStatusId: find("dispense", slug).id,
          paymentStatusId: find("payment", slug).id,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, attempt.orderId));
      await tx
        .update(orderItems)
        .set({ quantity: REFUNDED_QUANTITY, dispenseStatusId: find("item", slug).id, updatedAt: new Date() })
        .where(eq(orderItems.orderId, attempt.orderId));
      // Each tender's share goes back where it was paid: the card through the gateway, the rest to
      // the job's other tender (a health fund, a gift card) or at the till.
      const before = refundable((await loadQuoteFacts(tx, order, false, attempt.id)).facts).payments;
      const pays = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, attempt.orderId));
      const cardMinor =
        attempt.method === "gateway"
          ? before.filter((p) => p.card).reduce((n, p) => n + p.remainingMinor, 0)
          : 0;
      const otherTender = offGatewayTender(
        pays.map((p) => ({ name: p.paymentTypeName, card: !!p.intentId })),
      );
      const where =
        attempt.kind === "void"
          ? attempt.method === "gateway"
            ? "to the card"
            : "at the till"
          : refundWhere(
              [
                { tender: "card", amountMinor: Math.min(cardMinor, attempt.amountMinor) },
                { tender: otherTender, amountMinor: Math.max(0, attempt.amountMinor - cardMinor) },
              ],
              money,
            );
      // A refund after a tax invoice needs its adjustment or credit note (ADR 0033); a void
      // cancels the sale itself, so it has none.
      if (attempt.kind === "refund") {
        const region = await regionOfJob(tx, order);
        await issueCreditNoteSlot.get(slots)(tx, {
          regionId: region.regionId,
          countryCode: region.countryCode,
          orderId: attempt.orderId,
          refundId: attempt.id,
          amountMinor: attempt.amountMinor,
          reason: attempt.reason,
          destination: where,
          lines: [],
          issuedBy: staff.id,
          approvedBy: attempt.approvedBy,
        });
      }
      await recordJobEvents(tx, [
        {
          orderId: attempt.orderId,
          kind: attempt.kind,
          fromValue: from?.displayName ?? null,
          toValue: `${attempt.kind === "void" ? `${money(attempt.amountMinor)} ` : ""}${where} (${attempt.reason})`,
          staffUserId: staff.id,
        },
      ]);
    });
  }

  async function drive(staff: StaffRow, attempt: Attempt) {
    let refs: string[];
    try {
      refs = await callGateway(attempt);
    } catch (err) {
      const message =
        err instanceof PaymentGatewayError
          ? err.message
          : `The payment provider failed: ${(err as Error).message}`;
      await fail(attempt, message);
      throw new AppError(
        err instanceof PaymentGatewayError && err.refused ? "conflict" : "upstream_failed",
        message,
      );
    }
    await succeed(staff, attempt, refs);
  }

  return {
    async refund(staff: StaffRow, orderId: number, reasonInput: string, headerKey?: string) {
      const key = headerKey?.trim() || randomUUID();
      if (key.length > 200)
        throw validationError({ "Idempotency-Key": ["The Idempotency-Key is too long."] });
      const [previous] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key));
      let attempt: Attempt;
      let created = false;
      if (previous) {
        if (previous.orderId !== orderId)
          throw new AppError("conflict", "This Idempotency-Key was already used for another job.");
        attempt = previous;
      } else {
        const [reason] = await refundReasonBySlug(db, reasonInput);
        const [byName] = reason ? [reason] : await refundReasonByName(db, reasonInput);
        if (!byName) throw validationError({ reason: ["The selected reason is invalid."] });
        ({ attempt, created } = await claim(staff, orderId, byName.name, key));
        if (attempt.orderId !== orderId)
          throw new AppError("conflict", "This Idempotency-Key was already used for another job.");
      }
      if (attempt.status === "pending") {
        // The request that claimed the attempt drives it. A retry while it is under way waits for
        // its outcome; only an attempt abandoned long ago (a crash before step 3) is driven again.
        if (created || Date.now() - attempt.createdAt.getTime() > ABANDONED_AFTER_MS) {
          await drive(staff, attempt);
          [attempt] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, attempt.id));
        } else attempt = await refundOutcome(db, attempt.id);
      }
      if (attempt.status === "failed") throw new AppError("conflict", attempt.error ?? "The refund failed.");
      if (attempt.status === "pending") throw new AppError("conflict", REFUND_IN_PROGRESS);
      await reindex([orderId]);
      return detail(orderId);
    },
  };
}
