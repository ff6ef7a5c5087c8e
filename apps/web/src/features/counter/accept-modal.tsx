import type { AcceptQuoteAnswer, QuoteWire } from "@loupe/contract";
import {
  type Currency,
  type PaymentTender,
  TENDER_LABELS,
  TENDER_REFERENCE_LABELS,
  TENDER_REFERENCE_REQUIRED,
  TENDERS,
} from "@loupe/domain";
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { NumericInput } from "../../components/numeric-input";
import { ApiError } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { formatMoney } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { CardField, useCardCharge } from "./card-charge";
import { depositErrors, moneyText, parseMoneyText } from "./counter-rules";
import { acceptIntoJob } from "./dialog-api";

/**
 * Accept the quote into a job, with its deposit (issue 44): the minimum the setting asks is shown
 * and offered; card through the card form (Stripe, or its sandbox stand-in), cash, EFTPOS, gift
 * card or health fund with its reference. One key per opened dialog: however often "Create job" is
 * pressed, or retried after a lost answer, the server makes one job and takes one deposit.
 */
export function AcceptModal(props: {
  quote: QuoteWire;
  onClose: () => void;
  onAccepted: (job: AcceptQuoteAnswer["data"]) => void;
  /** A 409 (the quote changed meanwhile): the page shows it with its reload. */
  onConflict: (err: unknown) => void;
}) {
  const { quote } = props;
  const currency = quote.currency as Currency;
  const fmt = (minor: number) => formatMoney(minor / 100, currency);
  const [key] = useState(() => crypto.randomUUID());
  const [amountText, setAmountText] = useState(moneyText(quote.deposit_minimum_minor));
  const [tender, setTender] = useState<PaymentTender | null>(null);
  const [reference, setReference] = useState("");
  const [cardNumber, setCardNumber] = useState("");
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const card = useCardCharge(currency);
  const errors = depositErrors(
    { amountText, tender, reference },
    { totalMinor: quote.total_minor, minimumMinor: quote.deposit_minimum_minor },
    fmt,
  );
  const shown = tried ? { ...serverErrors, ...errors } : serverErrors;
  const amountMinor = parseMoneyText(amountText) ?? 0;
  const balanceAfter = Math.max(0, quote.total_minor - amountMinor);
  const referenceLabel = tender ? TENDER_REFERENCE_LABELS[tender] : undefined;

  const create = useAction(async () => {
    setTried(true);
    setFailure(null);
    setServerErrors({});
    if (Object.keys(errors).length || !tender) return;
    if (tender === "card" && !card.stripeKey && !cardNumber.trim()) {
      setServerErrors({ card: "Your card number is incomplete." });
      return;
    }
    try {
      let intentId: string | null = null;
      if (tender === "card") {
        const paid = await card.charge({
          amountMinor,
          customerId: quote.customer?.id ?? null,
          reference: `Deposit ${quote.reference}`,
          cardNumber,
          // The same amount in this dialog is the same intent (a declined card is tried again on
          // it); another amount is another intent, as the gateway refuses a key with new figures.
          key: `${key}:card:${amountMinor}`,
        });
        if (!paid.ok) {
          setServerErrors({ card: paid.error });
          return;
        }
        intentId = paid.intentId;
      }
      const job = await acceptIntoJob(
        quote,
        {
          amount_minor: amountMinor,
          tender,
          reference: reference.trim() || null,
          intent_id: intentId,
        },
        key,
      );
      props.onAccepted(job);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === "conflict") {
        props.onConflict(err);
        props.onClose();
        return;
      }
      if (err instanceof ApiError)
        setServerErrors(
          Object.fromEntries(
            Object.entries(err.errors).map(([k, v]) => [
              k.replace(/^deposit\./, "").replace("amount_minor", "amount"),
              v[0],
            ]),
          ),
        );
      setFailure(errorText(err));
    }
  });

  return (
    <Modal opened onClose={props.onClose} title={`Create job from ${quote.reference}`} size="lg">
      <Stack gap="sm" data-testid="accept-quote">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Figure label="Total" value={fmt(quote.total_minor)} />
          <Figure label="Minimum deposit" value={fmt(quote.deposit_minimum_minor)} testId="deposit-minimum" />
          <Figure label="Balance after deposit" value={fmt(balanceAfter)} />
        </SimpleGrid>
        <NumericInput
          label="Deposit"
          withAsterisk
          value={amountText}
          onChange={(e) => setAmountText(e.currentTarget.value)}
          error={shown.amount}
        />
        <Radio.Group
          label="Paid by"
          withAsterisk
          value={tender}
          onChange={(v) => {
            setTender(v as PaymentTender);
            setServerErrors({});
          }}
          error={shown.tender}
        >
          <Group gap="md" mt={6}>
            {TENDERS.map((t) => (
              <Radio key={t} value={t} label={TENDER_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        {tender === "card" && (
          <CardField
            stripeKey={card.stripeKey}
            stripeConfirm={card.stripeConfirm}
            cardNumber={cardNumber}
            onCardNumber={setCardNumber}
            error={shown.card ?? shown.intent_id}
          />
        )}
        {tender && tender !== "card" && (
          <TextInput
            label={referenceLabel ?? "Reference"}
            withAsterisk={TENDER_REFERENCE_REQUIRED.includes(tender)}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={shown.reference}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => create.run()} loading={create.isPending}>
            Create job · take {fmt(amountMinor)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Figure(props: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={600} data-testid={props.testId}>
        {props.value}
      </Text>
    </Stack>
  );
}
