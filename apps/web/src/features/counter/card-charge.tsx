import { createPaymentIntent, getPaymentConfig } from "@loupe/contract";
import { type Currency, PAYMENT_SOURCE } from "@loupe/domain";
import { Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, Suspense, useRef } from "react";
import { callEndpoint } from "../../lib/api-client";
import { StripeCardField, StripeProvider } from "../customer-actions/lazy-stripe-card";
import { confirmWithSandbox } from "../customer-actions/sandbox-card";
import type { StripeConfirm } from "../customer-actions/stripe-card";

export type ChargeOutcome = { ok: true; intentId: string } | { ok: false; error: string };

/**
 * A card charge for the deposit: the intent is made on our server (idempotent on `key`: a retry of
 * the same dialog answers the same intent), then the card is confirmed with the gateway directly.
 * Our API only ever sees the intent id.
 */
export function useCardCharge(currency: Currency) {
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const { data: config } = useQuery({
    queryKey: ["payment-config", currency],
    queryFn: async () => (await callEndpoint(getPaymentConfig, { query: { currency } })).data,
  });
  const stripeKey = config?.gateway === "stripe" && config.publishable_key ? config.publishable_key : null;
  const charge = async (p: {
    amountMinor: number;
    customerId: number | null;
    reference: string;
    cardNumber: string;
    key: string;
  }): Promise<ChargeOutcome> => {
    const intent = (
      await callEndpoint(createPaymentIntent, {
        body: {
          amount: p.amountMinor / 100,
          currency,
          desc: p.reference,
          source: PAYMENT_SOURCE,
          customer_id: p.customerId ?? undefined,
        },
        headers: { "idempotency-key": p.key },
      })
    ).data;
    const confirm = stripeKey ? stripeConfirm.current : null;
    if (stripeKey && !confirm) return { ok: false, error: "The card field is not ready." };
    const outcome = confirm
      ? await confirm(intent.client_secret)
      : await confirmWithSandbox(intent.client_secret, p.cardNumber);
    return outcome.ok
      ? { ok: true, intentId: intent.intent_id }
      : { ok: false, error: outcome.error ?? "The card payment did not go through." };
  };
  return { stripeKey, stripeConfirm, charge };
}

/** The card field: Stripe's own iframe, or the sandbox gateway's card number. */
export function CardField(props: {
  stripeKey: string | null;
  stripeConfirm: RefObject<StripeConfirm | null>;
  cardNumber: string;
  onCardNumber: (v: string) => void;
  error?: string;
}) {
  if (props.stripeKey)
    return (
      <Suspense fallback={<Text size="sm">Loading the card form…</Text>}>
        <StripeProvider publishableKey={props.stripeKey}>
          <StripeCardField
            onReady={(confirm) => {
              props.stripeConfirm.current = confirm;
            }}
          />
          {props.error && (
            <Text c="red" size="xs">
              {props.error}
            </Text>
          )}
        </StripeProvider>
      </Suspense>
    );
  return (
    <TextInput
      label="Card number"
      description="Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined."
      autoComplete="cc-number"
      value={props.cardNumber}
      onChange={(e) => props.onCardNumber(e.currentTarget.value)}
      error={props.error}
    />
  );
}
