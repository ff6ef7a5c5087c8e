import { getPaymentConfig, type OrderDetailWire } from "@loupe/contract";
import {
  checkJobPayment,
  currencyForCountry,
  type PaymentTender,
  TENDER_LABELS,
  TENDER_REFERENCE_LABELS,
  TENDERS,
} from "@loupe/domain";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { NumericInput } from "../../../components/numeric-input";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { formatMoney } from "../../../lib/format";
import { StripeCardField, StripeProvider } from "../../customer-actions/lazy-stripe-card";
import { confirmWithSandbox } from "../../customer-actions/sandbox-card";
import type { StripeConfirm } from "../../customer-actions/stripe-card";
import { useJobPayments } from "../api/job-payments";

const toMinor = (text: string) => Math.round(Number(text) * 100);

/**
 * Take payment (issue 44): the amount (the balance by default), how the customer pays and, for
 * EFTPOS, a gift card or a health fund, the slip's or card's number. A card goes to the gateway
 * (the sandbox's endpoint, or Stripe Elements) and only its intent id comes to our API; the
 * amount recorded is the gateway's. One Idempotency-Key per opened dialog: pressing Take payment
 * twice, or again after a slow answer, records one payment.
 */
export function TakePaymentModal({ job, onClose }: { job: OrderDetailWire; onClose: () => void }) {
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const money = (minor: number) => formatMoney(minor / 100, currency);
  const balanceMinor = Math.round(job.balance_due * 100);
  const [amount, setAmount] = useState((balanceMinor / 100).toFixed(2));
  const [tender, setTender] = useState<PaymentTender>("cash");
  const [reference, setReference] = useState("");
  const [cardNumber, setCardNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { showAlert } = useAlert();
  const { cardIntent, take } = useJobPayments();
  const [key] = useState(() => crypto.randomUUID());
  // A card attempt's intent key follows the amount: the same amount retries the same intent.
  const cardAttempt = useRef({ amount: "", key: "" });
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const busy = useRef(false);
  const { data: gatewayConfig } = useQuery({
    queryKey: ["payment-config", currency],
    enabled: tender === "card",
    queryFn: async () => (await callEndpoint(getPaymentConfig, { query: { currency } })).data,
  });
  const stripe =
    gatewayConfig?.gateway === "stripe" && gatewayConfig.publishable_key
      ? gatewayConfig.publishable_key
      : null;
  const referenceLabel = TENDER_REFERENCE_LABELS[tender];

  const fail = (err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.errors).length)
      setErrors(
        Object.fromEntries(
          Object.entries(err.errors).map(([k, v]) => [k === "amount_minor" ? "amount" : k, v.join(" ")]),
        ),
      );
    const text = errorText(err);
    setFailure(text);
    showAlert({ variant: "danger", message: text });
  };

  const submit = async () => {
    // A second press while the first is on its way does nothing (the key would answer it anyway).
    if (busy.current) return;
    const amountMinor = toMinor(amount);
    const check = checkJobPayment({ amountMinor, tender, reference, balanceMinor }, money);
    const fieldErrors: Record<string, string> = {};
    if (!check.ok) fieldErrors[check.field] = check.message;
    if (tender === "card" && !stripe && !cardNumber.trim())
      fieldErrors.card = "Your card number is incomplete.";
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length) return;
    setFailure(null);
    busy.current = true;
    try {
      let intentId: string | null = null;
      if (tender === "card") {
        if (cardAttempt.current.amount !== amount) cardAttempt.current = { amount, key: crypto.randomUUID() };
        const intent = (
          await cardIntent.mutateAsync({
            orderId: job.id,
            amount: amountMinor / 100,
            currency,
            desc: `Job ${job.vend_invoice_number}`,
            key: cardAttempt.current.key,
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
        intentId = intent.intent_id;
      }
      const res = await take.mutateAsync({
        orderId: job.id,
        // A card payment is recorded once per intent, whichever dialog sends it.
        key: intentId ? `card-${intentId}` : key,
        amountMinor: intentId ? undefined : amountMinor,
        tender,
        reference: referenceLabel ? reference.trim() : null,
        intentId,
      });
      showAlert({ variant: "success", message: res.message });
      onClose();
    } catch (err) {
      fail(err);
    } finally {
      busy.current = false;
    }
  };

  const pending = cardIntent.isPending || take.isPending;
  return (
    <Modal opened onClose={onClose} title={`Take payment · ${job.vend_invoice_number}`}>
      <Stack gap="sm" data-testid="take-payment">
        <Text size="sm">
          Balance due: <b data-testid="take-payment-balance">{money(balanceMinor)}</b>
        </Text>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumericInput
            label={`Amount (${currency})`}
            withAsterisk
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <Select
            label="Paid by"
            withAsterisk
            allowDeselect={false}
            data={TENDERS.map((t) => ({ value: t, label: TENDER_LABELS[t] }))}
            value={tender}
            onChange={(v) => v && setTender(v as PaymentTender)}
            error={errors.tender}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {referenceLabel && (
          <TextInput
            label={referenceLabel}
            withAsterisk={tender !== "eftpos"}
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
        )}
        {tender === "card" &&
          (stripe ? (
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
              error={errors.card ?? errors.intent_id}
            />
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={pending} disabled={pending}>
            Take payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
