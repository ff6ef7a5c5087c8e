import { randomBytes } from "node:crypto";
import { CARD_DECLINED, SANDBOX_CARDS } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Intent, PaymentGateway } from "./payments.port";
import { sandboxIntents } from "./sandbox.tables";

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
