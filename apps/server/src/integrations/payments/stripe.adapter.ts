import Stripe from "stripe";
import type { Intent, PaymentGateway } from "./payments.port";

export interface StripeKeys {
  secret: string;
  publishable: string;
  /** Canada's account has its own keys (spec §7). */
  secretCad?: string;
  publishableCad?: string;
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

/** Stripe PaymentIntents with an idempotency key per payment; CAD goes to the Canadian account. */
export function createStripeGateway(keys: StripeKeys): PaymentGateway {
  const main = new Stripe(keys.secret);
  const cad = keys.secretCad ? new Stripe(keys.secretCad) : main;
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
  };
}
