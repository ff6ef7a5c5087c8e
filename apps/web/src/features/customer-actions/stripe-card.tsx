import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The `pure` entry: importing the main one injects Stripe's script at once, on every page.
import { loadStripe } from "@stripe/stripe-js/pure";
import { type ReactNode, useEffect, useMemo } from "react";

/**
 * Stripe Elements: the card is typed into Stripe's own iframe and confirmed with Stripe directly,
 * so the number never reaches our server (PCI SAQ A). Used when the server's gateway is Stripe;
 * this module is loaded only then, when a card form opens, and Stripe's script with it.
 */
export function StripeProvider({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);
  return <Elements stripe={stripe}>{children}</Elements>;
}

export type StripeConfirm = (clientSecret: string) => Promise<{ ok: boolean; error?: string }>;

/** The card field; hands the parent a confirm function bound to this card. */
export function StripeCardField({ onReady }: { onReady: (confirm: StripeConfirm) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady(async (clientSecret) => {
      const card = elements.getElement(CardElement);
      if (!card) return { ok: false, error: "The card field is not ready." };
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      return result.error ? { ok: false, error: result.error.message } : { ok: true };
    });
  }, [stripe, elements, onReady]);
  return (
    <div style={{ padding: 10, border: "1px solid #ced4da", borderRadius: 4 }}>
      <CardElement options={{ hidePostalCode: true }} />
    </div>
  );
}
