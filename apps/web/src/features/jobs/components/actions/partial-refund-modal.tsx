import type { OrderWire, RefundableWire } from "@loupe/contract";
import {
  offGatewayTender,
  type QuoteFacts,
  quoteRefund,
  REFUND_SUCCESS,
  type RefundDestination,
  TENDER_RETURN,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { ManagerApprovalBox } from "../../../../components/manager-approval-box";
import { ApiError } from "../../../../lib/api-client";
import { errorText } from "../../../../lib/errors";
import { formatMoney } from "../../../../lib/format";
import { useRefundReasons } from "../../../reference/use-reference-data";
import { useJobActions } from "../../api/job-actions";
import { useRefundable, useRefundPartly } from "../../api/partial-refunds";

/** The wire's facts as the domain's `quoteRefund` takes them: the form prices with the server's own rule. */
export const quoteFactsOf = (r: RefundableWire): QuoteFacts => ({
  items: r.items.map((i) => ({
    id: i.id,
    quantity: i.quantity,
    totalAmountMinor: i.total_amount_minor,
    taxable: i.taxable,
  })),
  couponMinor: r.coupon_minor,
  payments: r.payments.map((p) => ({
    id: p.id,
    amountMinor: p.amount_minor,
    card: p.card,
    authorisedOnly: p.authorised_only,
    createdAt: new Date(p.created_at),
  })),
  refunds: r.refunds.map((x) => ({
    amountMinor: x.amount_minor,
    lines: x.lines.map((l) => ({ itemId: l.item_id, quantity: l.quantity, amountMinor: l.amount_minor })),
    splits: x.splits.map((s) => ({ paymentId: s.payment_id, amountMinor: s.amount_minor })),
  })),
  voidOnly: r.void_only,
});

/** The destination's label when the job's money off the card was all one tender. */
const TENDER_LABEL = {
  card: "To the card payments",
  health_fund: "To the health fund",
  gift_card: "Onto the gift card",
  till: "At the till (cash, EFTPOS)",
} as const;

/** A short fingerprint of the request (FNV-1a), so the key stays short whatever was chosen. */
const requestHash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};

/** "12.50" → 1250; anything else → NaN (the rule then names the amount). */
const toMinor = (text: string) =>
  /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN;

/**
 * Refund what was returned (issue 30): items (units where a line has more than one) and/or an
 * amount, a reason, and where the money goes. The amount shown is the domain's quote, the one the
 * server claims; the button stays off while the quote refuses, with the rule's words on the field.
 */
export function PartialRefundModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { data: facts, isLoading } = useRefundable(job.id);
  const { data: reasons = [] } = useRefundReasons();
  const refundPartly = useRefundPartly();
  const { approve } = useJobActions();
  const { showAlert } = useAlert();
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [amountText, setAmountText] = useState("");
  const [destination, setDestination] = useState<RefundDestination | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [approvalAsked, setApprovalAsked] = useState<string | null>(null);
  const [managerEmail, setManagerEmail] = useState("");
  const [managerPassword, setManagerPassword] = useState("");
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [nonce] = useState(() => crypto.randomUUID());
  const currency = facts?.currency ?? "AUD";
  const fmt = (minor: number) => formatMoney(minor / 100, currency);
  const hasCard = !!facts?.payments.some((p) => p.card && !p.authorised_only && p.remaining_minor > 0);
  const where: RefundDestination = destination ?? (hasCard ? "card" : "till");
  // Money not sent to the card goes back to the job's other tender: a health fund, a gift card, the till.
  const otherTender = offGatewayTender((facts?.payments ?? []).map((p) => ({ name: p.label, card: p.card })));
  const request = {
    items: [...chosen].map(([id, quantity]) => ({ id, quantity })),
    amountMinor: amountText.trim() ? toMinor(amountText) : null,
    destination: where,
  };
  const quoted = facts ? quoteRefund(quoteFactsOf(facts), request, fmt) : null;
  const errors = quoted && !quoted.ok ? quoted.errors : {};
  // One key per request: the same form sent again (a retry, or completing a refund the gateway
  // stopped part-way) keeps it; any change makes a new one (ADR 0031).
  const key = `${nonce}:${requestHash(JSON.stringify(request))}`;

  const send = async () => {
    if (!reason || !quoted?.ok) return;
    setFailure(null);
    try {
      const res = await refundPartly.mutateAsync({
        id: job.id,
        key,
        body: {
          reason,
          items: request.items,
          amount_minor: request.amountMinor,
          destination: where,
        },
      });
      showAlert({ variant: "success", message: res.message ?? REFUND_SUCCESS });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === "approval_required") {
        setApprovalAsked(errorText(err));
        return;
      }
      setFailure(errorText(err));
    }
  };

  const submitApproval = async () => {
    setApprovalError(null);
    try {
      await approve.mutateAsync({
        id: job.id,
        action: "refund",
        email: managerEmail,
        password: managerPassword,
        // An approval lets one refund of at most this amount through (ADR 0049).
        amountMinor: quoted?.ok ? quoted.quote.amountMinor : undefined,
      });
      setManagerPassword("");
      setApprovalAsked(null);
      await send();
    } catch (err) {
      setManagerPassword("");
      setApprovalError(errorText(err));
    }
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((m) => {
      const next = new Map(m);
      if (on) next.set(id, 1);
      else next.delete(id);
      return next;
    });

  return (
    <Modal opened onClose={onClose} title="Refund part of the job" size="lg">
      {isLoading || !facts ? (
        <Text size="sm">Loading…</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="refund-left">
            Left to refund on {job.vend_invoice_number}: <strong>{fmt(facts.remaining_minor)}</strong> of{" "}
            {fmt(facts.paid_minor)} paid.
          </Text>
          {failure && (
            <Alert color="red" variant="light" data-testid="partial-refund-error">
              {failure}
            </Alert>
          )}
          <Stack gap={4} role="group" aria-label="Items returned">
            <Text size="sm" fw={600}>
              Items returned
            </Text>
            {facts.items.map((item, index) => {
              const at = request.items.findIndex((r) => r.id === item.id);
              const field = (name: string) =>
                at >= 0 ? errors[`items.${at}.${name}`]?.join(" ") : undefined;
              return (
                <Group key={item.id} gap="sm" align="flex-start" wrap="nowrap">
                  <Checkbox
                    label={`${item.name || `Item ${index + 1}`} — ${fmt(item.remaining_minor)}${
                      item.remaining_quantity === 0
                        ? " (Refunded)"
                        : item.quantity > 1
                          ? ` (${item.remaining_quantity} of ${item.quantity} left)`
                          : ""
                    }`}
                    disabled={item.remaining_quantity === 0}
                    checked={chosen.has(item.id)}
                    error={field("id")}
                    onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                  />
                  {chosen.has(item.id) && item.remaining_quantity > 1 && (
                    <NumberInput
                      size="xs"
                      w={90}
                      aria-label={`Units of ${item.name} returned`}
                      min={1}
                      max={item.remaining_quantity}
                      value={chosen.get(item.id)}
                      error={field("quantity")}
                      onChange={(v) => setChosen((m) => new Map(m).set(item.id, Number(v) || 0))}
                    />
                  )}
                </Group>
              );
            })}
            {errors.items && (
              <Text size="xs" c="red" data-testid="items-error">
                {errors.items.join(" ")}
              </Text>
            )}
          </Stack>
          <TextInput
            label={`Amount to refund instead (${currency}, optional)`}
            description="A remake at a discount, a coating taken off, a goodwill adjustment."
            placeholder="0.00"
            inputMode="decimal"
            value={amountText}
            error={errors.amount?.join(" ")}
            onChange={(e) => setAmountText(e.currentTarget.value)}
          />
          <Radio.Group
            label="Money goes back"
            value={where}
            onChange={(v) => setDestination(v as RefundDestination)}
            error={errors.destination?.join(" ")}
          >
            <Group mt={4}>
              <Radio value="card" label="To the card payments (oldest first)" disabled={!hasCard} />
              <Radio value="till" label={TENDER_LABEL[otherTender]} />
            </Group>
          </Radio.Group>
          <Select
            label="Reason"
            placeholder="Choose a reason"
            data={reasons.map((r) => ({ value: r.slug, label: r.name }))}
            value={reason}
            onChange={setReason}
            required
            comboboxProps={{ withinPortal: true }}
          />
          {quoted?.ok && (
            <Text size="sm" data-testid="refund-quote">
              Refund <strong>{fmt(quoted.quote.amountMinor)}</strong>{" "}
              {where === "till"
                ? TENDER_RETURN[otherTender]
                : `to the card${
                    quoted.quote.splits.length > 1
                      ? ` (${quoted.quote.splits
                          .map(
                            (s) =>
                              `${facts.payments.find((p) => p.id === s.paymentId)?.label ?? "Card"} ${fmt(s.amountMinor)}`,
                          )
                          .join(", ")})`
                      : ""
                  }`}
              {quoted.quote.completesJob ? "; the job becomes Refunded." : "; the job keeps its status."}
            </Text>
          )}
          {approvalAsked && (
            <ManagerApprovalBox
              reason={approvalAsked}
              error={approvalError}
              email={managerEmail}
              password={managerPassword}
              onEmail={setManagerEmail}
              onPassword={setManagerPassword}
              onApprove={submitApproval}
              pending={approve.isPending}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={!reason || !quoted?.ok || !!approvalAsked}
              loading={refundPartly.isPending}
              onClick={send}
            >
              Refund {quoted?.ok ? fmt(quoted.quote.amountMinor) : ""}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
