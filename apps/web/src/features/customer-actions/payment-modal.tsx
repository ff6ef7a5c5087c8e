import { type CustomerWire, confirmPayment, createPaymentIntent, getPaymentConfig } from "@loupe/contract";
import {
  CURRENCIES,
  type Currency,
  customerLabel,
  defaultCurrencyForCountry,
  navRegionId,
  PAYMENT_SOURCE,
  PAYMENT_SUCCESS,
} from "@loupe/domain";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { useAlert } from "../../app/alert-context";
import { NumericInput } from "../../components/numeric-input";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { useAction } from "../../lib/use-action";
import { useCurrentUser, useRegions } from "../reference/use-reference-data";
import { StripeCardField, StripeProvider } from "./lazy-stripe-card";
import { confirmWithSandbox } from "./sandbox-card";
import type { StripeConfirm } from "./stripe-card";

/**
 * New Payment: the intent is created on our server (with an idempotency key per attempt), then
 * the card goes straight to the provider. Here that is the sandbox gateway's endpoint; with Stripe
 * configured it is Stripe Elements. Our API only ever sees the intent id.
 */
export function PaymentModal({ customer, onClose }: { customer: CustomerWire; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const country = regions.find((r) => r.id === navRegionId(me?.region_id))?.country_code;
  const [amount, setAmount] = useState("");
  const [currency, setCurrency] = useState<Currency>(defaultCurrencyForCountry(country));
  const [desc, setDesc] = useState("");
  const [cardNumber, setCardNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key per attempt: a retry of the same form reuses it, a changed amount, currency or
  // reference is a new attempt with a new key (the server refuses a key reused for another payment).
  const attempt = useRef({ form: "", key: "" });
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const { data: gatewayConfig } = useQuery({
    queryKey: ["payment-config", currency],
    queryFn: async () => (await callEndpoint(getPaymentConfig, { query: { currency } })).data,
  });
  const stripe =
    gatewayConfig?.gateway === "stripe" && gatewayConfig.publishable_key
      ? gatewayConfig.publishable_key
      : null;

  const pay = useAction(async () => {
    const n = Number(amount);
    const fieldErrors: Record<string, string> = {};
    if (!amount.trim()) fieldErrors.amount = "The amount field is required.";
    else if (Number.isNaN(n) || n < 1) fieldErrors.amount = "The amount must be at least 1.";
    if (!stripe && !cardNumber.trim()) fieldErrors.card = "Your card number is incomplete.";
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return;
    setFailure(null);
    const form = JSON.stringify([n, currency, desc.trim()]);
    if (attempt.current.form !== form) attempt.current = { form, key: crypto.randomUUID() };
    try {
      const intent = (
        await callEndpoint(createPaymentIntent, {
          body: { amount: n, currency, desc, source: PAYMENT_SOURCE, customer_id: customer.id },
          headers: { "idempotency-key": attempt.current.key },
        })
      ).data;
      const outcome = stripe
        ? await stripeConfirm.current!(intent.client_secret)
        : await confirmWithSandbox(intent.client_secret, cardNumber);
      if (!outcome.ok) {
        const message = outcome.error ?? "The card payment did not go through.";
        setErrors({ card: message });
        showAlert({ variant: "danger", message });
        return;
      }
      await callEndpoint(confirmPayment, { body: { intent_id: intent.intent_id } });
      showAlert({ variant: "success", message: PAYMENT_SUCCESS });
      queryClient.invalidateQueries({ queryKey: ["customers"] });
      queryClient.invalidateQueries({ queryKey: ["notes", "customer", customer.id] });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
        setFailure(errorText(err));
      } else setFailure(`Exception: ${(err as Error).message}`);
    }
  });

  return (
    <Modal opened onClose={onClose} title="New Payment">
      <Stack gap="sm">
        <Text fw={600}>For {customerLabel(customer)}</Text>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <NumericInput
            label="Amount"
            withAsterisk
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <Select
            label="Currency"
            withAsterisk
            data={[...CURRENCIES]}
            value={currency}
            onChange={(v) => v && setCurrency(v as Currency)}
            error={errors.currency}
          />
        </SimpleGrid>
        <TextInput label="Reference" value={desc} onChange={(e) => setDesc(e.currentTarget.value)} />
        {stripe ? (
          <Suspense fallback={<Text size="sm">Loading the card form…</Text>}>
            <StripeProvider publishableKey={stripe}>
              <StripeCardField onReady={(confirm) => (stripeConfirm.current = confirm)} />
              {errors.card && (
                <Text c="red" size="xs">
                  {errors.card}
                </Text>
              )}
            </StripeProvider>
          </Suspense>
        ) : (
          <TextInput
            label="Card number"
            description="Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined."
            autoComplete="cc-number"
            value={cardNumber}
            onChange={(e) => setCardNumber(e.currentTarget.value)}
            error={errors.card}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={pay.run} loading={pay.isPending}>
            Pay Now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
