import type { OrderDetailWire } from "@loupe/contract";
import { currencyForCountry, TENDER_LABELS, tillRefundWhere } from "@loupe/domain";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../lib/format";
import { useFormatDateTime } from "../../reference/use-date-format";
import { useJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";
import { TakePaymentModal } from "./take-payment-modal";

/**
 * The job's money (issue 44): the balance due, each payment with how it was paid, its reference,
 * who took it and when (on the outlet's clock), what went back, and Take payment as the rulebook
 * allows it.
 */
export function JobPaymentsPanel({ job }: { job: OrderDetailWire }) {
  const [taking, setTaking] = useState(false);
  const decide = useJobRules();
  const formatDateTime = useFormatDateTime(undefined, job.origin_outlet.time_zone);
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const owing = job.balance_due > 0;
  return (
    <Paper withBorder p="xs" bg="white" data-testid="job-payments">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          Payments
        </Text>
        <RuleGate verdict={decide("take_payment", job)}>
          {(refused) => (
            <Button size="compact-sm" variant="light" disabled={refused} onClick={() => setTaking(true)}>
              Take payment
            </Button>
          )}
        </RuleGate>
      </Group>
      <Text size="sm" fw={600} c={owing ? "orange.9" : "green.8"} data-testid="balance-due-line">
        {owing ? `Balance due ${formatMoney(job.balance_due, currency)}` : "Nothing owing"}
        <Text span size="xs" c="dimmed" fw={400}>
          {" "}
          · paid {formatMoney(job.total_payment, currency)} of {formatMoney(job.total_amount, currency)}
        </Text>
      </Text>
      {job.payments.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {job.payments.map((p) => (
        <Text key={p.id} size="sm" data-testid="payment-line">
          {p.kind === "deposit" ? "Deposit · " : ""}
          {p.tender ? TENDER_LABELS[p.tender] : p.historical_payment_type_name}:{" "}
          {formatMoney(p.amount, currency)}
          {p.reference ? ` (ref ${p.reference})` : ""}
          <Text span size="xs" c="dimmed">
            {" "}
            {formatDateTime(p.created_at)}
            {p.taken_by ? ` · ${p.taken_by}` : ""}
          </Text>
        </Text>
      ))}
      {job.partly_refunded_amount > 0 && (
        <Text size="sm" c="red.8" fw={600} data-testid="partly-refunded">
          Partly refunded {formatMoney(job.partly_refunded_amount, currency)}
        </Text>
      )}
      {job.refunds
        .filter((r) => r.status !== "failed")
        .map((r) => (
          <Text key={r.id} size="sm" data-testid="refund-line">
            {r.kind === "void" ? "Voided" : "Refunded"} {formatMoney(r.amount, currency)}{" "}
            {r.method !== "till"
              ? "to the card"
              : r.kind === "void"
                ? "at the till"
                : tillRefundWhere(job.payments.map((p) => p.historical_payment_type_name))}{" "}
            ({r.reason}){r.status === "incomplete" ? ", stopped part-way: send it again to complete it" : ""}
            {r.approved_by ? `, approved by ${r.approved_by}` : ""}
            {r.credit_note && (
              <>
                {" · "}
                <Anchor href={r.credit_note.url} target="_blank" rel="noopener noreferrer" size="sm">
                  Credit note {r.credit_note.code}
                </Anchor>
              </>
            )}
          </Text>
        ))}
      {taking && <TakePaymentModal job={job} onClose={() => setTaking(false)} />}
    </Paper>
  );
}
