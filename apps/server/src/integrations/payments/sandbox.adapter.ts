import { randomBytes } from "node:crypto";
import { CARD_DECLINED, SANDBOX_CARDS } from "@loupe/domain";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Intent, type PaymentGateway, PaymentGatewayError } from "./payments.port";
import { sandboxIntents, sandboxRefunds } from "./sandbox.tables";

type Row = typeof sandboxIntents.$inferSelect;
const toIntent = (r: Row): Intent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  status: r.status as Intent["status"],
  amountMinor: r.amountMinor,
  currency: r.currency,
  lastError: r.lastError,
});

/**
 * The local stand-in for a card provider: intents live in their own table, and the browser's
 * sandbox card form confirms them at /sandbox-gateway (outside the staff API), like Stripe.js
 * talks to Stripe. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. The card
 * number is checked and dropped; it is never stored.
 */
/** Like Stripe, a key reused with other parameters is an error, never the first request's intent. */
function sameParameters<R extends { amountMinor: number; currency: string; description: string | null }>(
  row: R,
  request: { amountMinor: number; currency: string; description: string },
): R {
  if (
    row.amountMinor !== request.amountMinor ||
    row.currency !== request.currency ||
    (row.description ?? "") !== request.description
  )
    throw new Error(
      "Keys for idempotent requests can only be used with the same parameters they were first used with.",
    );
  return row;
}

export function createSandboxGateway(
  db: Db,
): PaymentGateway & { confirm(clientSecret: string, cardNumber: string): Promise<Intent> } {
  return {
    name: "sandbox",
    publishableKey: () => "pk_sandbox_loupe",
    async createIntent(request) {
      const [existing] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, request.idempotencyKey));
      if (existing) return toIntent(sameParameters(existing, request));
      const id = `pi_sandbox_${randomBytes(10).toString("hex")}`;
      const [row] = await db
        .insert(sandboxIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          idempotencyKey: request.idempotencyKey,
          amountMinor: request.amountMinor,
          currency: request.currency,
          description: request.description,
          status: "requires_payment_method",
        })
        .onConflictDoNothing()
        .returning();
      if (row) return toIntent(row);
      // A concurrent retry with the same key won the insert: answer its intent.
      const [winner] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, request.idempotencyKey));
      return toIntent(sameParameters(winner, request));
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      if (!row) throw new Error(`No such payment intent: ${id}`);
      return toIntent(row);
    },
    /**
     * Like the provider: one refund per idempotency key (a retry answers the first refund), only
     * on a captured intent, and never more than was captured in total.
     */
    async refund(r) {
      const [again] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, r.idempotencyKey));
      if (again) return { id: again.id, status: "succeeded", amountMinor: again.amountMinor };
      const [intent] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, r.intentId));
      if (!intent)
        throw new PaymentGatewayError(`No such payment_intent: '${r.intentId}'`, "resource_missing");
      if (intent.status !== "succeeded")
        throw new PaymentGatewayError(
          `This PaymentIntent (${r.intentId}) does not have a successful charge to refund.`,
          "charge_not_refundable",
        );
      const [{ done }] = await db
        .select({ done: sql<number>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)::int` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.intentId, r.intentId));
      if (Number(done) >= intent.amountMinor)
        throw new PaymentGatewayError(
          `Charge for ${r.intentId} has already been refunded.`,
          "charge_already_refunded",
        );
      if (Number(done) + r.amountMinor > intent.amountMinor)
        throw new PaymentGatewayError(
          `Refund amount ($${(r.amountMinor / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amountMinor - Number(done)) / 100).toFixed(2)})`,
          "amount_too_large",
        );
      const id = `re_sandbox_${randomBytes(10).toString("hex")}`;
      const [row] = await db
        .insert(sandboxRefunds)
        .values({
          id,
          intentId: r.intentId,
          idempotencyKey: r.idempotencyKey,
          amountMinor: r.amountMinor,
          status: "succeeded",
        })
        .onConflictDoNothing()
        .returning();
      const refund =
        row ??
        (
          await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, r.idempotencyKey))
        )[0];
      return { id: refund.id, status: "succeeded", amountMinor: refund.amountMinor };
    },
    /** Like listing the provider's intents and refunds by `created` range: what it holds, not what we think. */
    async listTransactions(q) {
      // Both lists at once, as a client of the provider's API would page them side by side.
      const [intents, refunds] = await Promise.all([
        db
          .select({
            id: sandboxIntents.id,
            amountMinor: sandboxIntents.amountMinor,
            createdAt: sandboxIntents.createdAt,
          })
          .from(sandboxIntents)
          .where(
            and(
              eq(sandboxIntents.currency, q.currency),
              eq(sandboxIntents.status, "succeeded"),
              gte(sandboxIntents.createdAt, q.from),
              lt(sandboxIntents.createdAt, q.to),
            ),
          ),
        db
          .select({ refund: sandboxRefunds })
          .from(sandboxRefunds)
          .innerJoin(sandboxIntents, eq(sandboxIntents.id, sandboxRefunds.intentId))
          .where(
            and(
              eq(sandboxIntents.currency, q.currency),
              gte(sandboxRefunds.createdAt, q.from),
              lt(sandboxRefunds.createdAt, q.to),
            ),
          ),
      ]);
      return {
        payments: intents.map((i) => ({
          intentId: i.id,
          amountMinor: i.amountMinor,
          createdAt: i.createdAt,
        })),
        refunds: refunds.map(({ refund: r }) => ({
          id: r.id,
          intentId: r.intentId,
          amountMinor: r.amountMinor,
          createdAt: r.createdAt,
        })),
      };
    },
    /** Voids a hold: only an intent that was never captured can be cancelled (a retry is harmless). */
    async cancel(r) {
      const [intent] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, r.intentId));
      if (!intent)
        throw new PaymentGatewayError(`No such payment_intent: '${r.intentId}'`, "resource_missing");
      if (intent.status === "canceled") return { id: intent.id, status: "canceled" };
      if (intent.status === "succeeded")
        throw new PaymentGatewayError(
          `You cannot cancel this PaymentIntent because it has a status of succeeded.`,
          "payment_intent_unexpected_state",
        );
      await db
        .update(sandboxIntents)
        .set({ status: "canceled" })
        .where(and(eq(sandboxIntents.id, r.intentId)));
      return { id: intent.id, status: "canceled" };
    },
    async confirm(clientSecret, cardNumber) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.clientSecret, clientSecret));
      if (!row) throw new Error("No such payment intent.");
      if (row.status === "succeeded") return toIntent(row);
      const digits = cardNumber.replace(/\D/g, "");
      const ok = digits === SANDBOX_CARDS.success;
      const [updated] = await db
        .update(sandboxIntents)
        .set(
          ok
            ? { status: "succeeded", lastError: null }
            : { status: "requires_payment_method", lastError: CARD_DECLINED },
        )
        .where(eq(sandboxIntents.id, row.id))
        .returning();
      return toIntent(updated);
    },
  };
}
