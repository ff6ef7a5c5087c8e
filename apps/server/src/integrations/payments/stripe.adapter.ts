import Stripe from "stripe";
import { type GatewayDay, type Intent, type PaymentGateway, PaymentGatewayError } from "./payments.port";

export interface StripeKeys {
  secret: string;
  publishable: string;
  /** Canada's account has its own keys (spec §7). */
  secretCad?: string;
  publishableCad?: string;
  /** Another API host (tests point the SDK at a local stand-in of Stripe). */
  api?: URL;
}

/** The provider's refusal in its own words; anything else (network, 5xx) keeps its message too. */
function gatewayError(err: unknown): PaymentGatewayError {
  if (err instanceof Stripe.errors.StripeError) {
    const refused = err.type === "StripeInvalidRequestError" || err.type === "StripeCardError";
    return new PaymentGatewayError(err.message, err.code ?? err.type ?? null, refused);
  }
  return new PaymentGatewayError((err as Error).message ?? "The payment provider failed.", null, false);
}

const toIntent = (pi: Stripe.PaymentIntent): Intent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? "",
  status:
    pi.status === "requires_action" || pi.status === "requires_capture"
      ? "processing"
      : (pi.status as Intent["status"]),
  amountMinor: pi.amount,
  currency: pi.currency.toUpperCase(),
  lastError: pi.last_payment_error?.message ?? null,
});

/** Stripe's list endpoints, page by page (`limit` 100, `starting_after` the last id) until `has_more` is false. */
async function listAll<T extends { id: string }>(
  page: (params: { limit: number; starting_after?: string }) => Promise<Stripe.ApiList<T>>,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await page(after ? { limit: 100, starting_after: after } : { limit: 100 });
    all.push(...res.data);
    if (!res.has_more || !res.data.length) return all;
    after = res.data[res.data.length - 1].id;
  }
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** Stripe PaymentIntents with an idempotency key per payment; CAD goes to the Canadian account. */
export function createStripeGateway(keys: StripeKeys): PaymentGateway {
  const options: Stripe.StripeConfig = keys.api
    ? {
        host: keys.api.hostname,
        port: Number(keys.api.port || (keys.api.protocol === "http:" ? 80 : 443)),
        protocol: keys.api.protocol === "http:" ? "http" : "https",
        maxNetworkRetries: 0,
      }
    : {};
  const main = new Stripe(keys.secret, options);
  const cad = keys.secretCad ? new Stripe(keys.secretCad, options) : main;
  const client = (currency: string) => (currency.toUpperCase() === "CAD" ? cad : main);
  return {
    name: "stripe",
    publishableKey: (currency) =>
      currency.toUpperCase() === "CAD" ? (keys.publishableCad ?? keys.publishable) : keys.publishable,
    async createIntent(r) {
      const pi = await client(r.currency).paymentIntents.create(
        {
          amount: r.amountMinor,
          currency: r.currency.toLowerCase(),
          description: r.description,
          metadata: r.metadata,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        },
        { idempotencyKey: r.idempotencyKey },
      );
      return toIntent(pi);
    },
    async retrieveIntent(id, currency) {
      return toIntent(await client(currency).paymentIntents.retrieve(id));
    },
    async refund(r) {
      try {
        const refund = await client(r.currency).refunds.create(
          { payment_intent: r.intentId, amount: r.amountMinor, metadata: r.metadata },
          { idempotencyKey: r.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          throw new PaymentGatewayError(
            refund.failure_reason ?? `The refund ${refund.status}.`,
            refund.status,
          );
        return {
          id: refund.id,
          status: refund.status === "succeeded" ? "succeeded" : "pending",
          amountMinor: refund.amount,
        };
      } catch (err) {
        throw err instanceof PaymentGatewayError ? err : gatewayError(err);
      }
    },
    /**
     * The till's day from Stripe's own records (ADR 0033): captured charges (GET /v1/charges) and
     * refunds (GET /v1/refunds) created in [from, to), in the account of the currency, by intent.
     */
    async listTransactions(q): Promise<GatewayDay> {
      const stripe = client(q.currency);
      const created = { gte: Math.floor(q.from.getTime() / 1000), lt: Math.ceil(q.to.getTime() / 1000) };
      const currency = q.currency.toLowerCase();
      try {
        const [charges, refunds] = await Promise.all([
          listAll((p) => stripe.charges.list({ ...p, created })),
          listAll((p) => stripe.refunds.list({ ...p, created })),
        ]);
        return {
          payments: charges
            .filter(
              (c) => c.currency === currency && c.status === "succeeded" && c.captured && c.payment_intent,
            )
            .map((c) => ({
              intentId: idOf(c.payment_intent)!,
              amountMinor: c.amount_captured ?? c.amount,
              createdAt: new Date(c.created * 1000),
            })),
          refunds: refunds
            .filter(
              (r) =>
                r.currency === currency &&
                (r.status === "succeeded" || r.status === "pending") &&
                idOf(r.payment_intent),
            )
            .map((r) => ({
              id: r.id,
              intentId: idOf(r.payment_intent)!,
              amountMinor: r.amount,
              createdAt: new Date(r.created * 1000),
            })),
        };
      } catch (err) {
        throw gatewayError(err);
      }
    },
    async cancel(r) {
      try {
        const pi = await client(r.currency).paymentIntents.cancel(
          r.intentId,
          { cancellation_reason: "requested_by_customer" },
          { idempotencyKey: r.idempotencyKey },
        );
        return { id: pi.id, status: "canceled" };
      } catch (err) {
        throw gatewayError(err);
      }
    },
  };
}
