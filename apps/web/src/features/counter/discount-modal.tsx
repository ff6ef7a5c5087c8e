import type { LineDiscount, QuoteLineWire, QuoteWire } from "@loupe/contract";
import type { RuleActor } from "@loupe/domain";
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ManagerApprovalBox } from "../../components/manager-approval-box";
import { NumericInput } from "../../components/numeric-input";
import { ApiError } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { formatMoney } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { checkDiscount, type DiscountForm, moneyText } from "./counter-rules";
import { askDiscountApproval } from "./dialog-api";

const formOf = (d: LineDiscount | null): DiscountForm =>
  !d
    ? { kind: "amount", text: "" }
    : d.kind === "amount"
      ? { kind: "amount", text: moneyText(d.amount_minor ?? 0) }
      : { kind: "percent", text: String(d.percent ?? 0) };

/**
 * A line's discount, as an amount or a percent. Above the role's limit (the rulebook's `discount`)
 * a manager signs in here, in the dialog, to approve it (the refund approval's way); the server's
 * `approval_required` answer opens the same form, should the facts have moved meanwhile.
 */
export function DiscountModal(props: {
  quote: QuoteWire;
  line: QuoteLineWire;
  actor: RuleActor;
  onClose: () => void;
  /** Sends the line with this discount (and the approval that lets it through); rejects as the server does. */
  onApply: (discount: LineDiscount | null, approvalId?: number) => Promise<void>;
}) {
  const { quote, line } = props;
  const fmt = (minor: number) => formatMoney(minor / 100, quote.currency);
  const [form, setForm] = useState<DiscountForm>(formOf(line.discount));
  const [serverAsked, setServerAsked] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const check = checkDiscount(
    form,
    { unitPriceMinor: line.unit_price_minor, quantity: line.quantity },
    props.actor,
    quote.outlet.region_id,
  );
  const beforehand = check.ok && !check.verdict.allowed ? check.verdict.reason : null;
  const askText = serverAsked ?? beforehand;

  const send = async (approvalId?: number) => {
    if (!check.ok) return;
    setFailure(null);
    try {
      await props.onApply(check.discount, approvalId);
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === "approval_required") setServerAsked(errorText(err));
      else setFailure(errorText(err));
    }
  };
  const apply = useAction(() => send());
  const approve = useAction(async () => {
    if (!check.ok) return;
    setApprovalError(null);
    try {
      const approval = await askDiscountApproval({
        quoteId: quote.id,
        amountMinor: check.discountMinor,
        email,
        password,
      });
      setPassword("");
      await send(approval.approval_id);
    } catch (err) {
      setPassword("");
      setApprovalError(errorText(err));
    }
  });

  return (
    <Modal opened onClose={props.onClose} title={`Discount on ${line.name}`}>
      <Stack gap="sm" data-testid="discount-modal">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Text size="sm">
          {line.quantity} × {fmt(line.unit_price_minor)} = {fmt(line.unit_price_minor * line.quantity)}
        </Text>
        <SegmentedControl
          aria-label="Discount as"
          value={form.kind}
          onChange={(v) => setForm({ kind: v as DiscountForm["kind"], text: "" })}
          data={[
            { value: "amount", label: `Amount (${quote.currency})` },
            { value: "percent", label: "Percent" },
          ]}
        />
        <NumericInput
          label={form.kind === "amount" ? "Discount amount" : "Discount percent"}
          description="Leave empty for no discount."
          value={form.text}
          onChange={(e) => {
            setForm({ ...form, text: e.currentTarget.value });
            setServerAsked(null);
          }}
          error={check.ok ? undefined : check.error}
        />
        {check.ok && check.discountMinor > 0 && (
          <Text size="sm" data-testid="discount-preview">
            {fmt(check.discountMinor)} off this line
          </Text>
        )}
        {askText && (
          <ManagerApprovalBox
            reason={askText}
            error={approvalError}
            email={email}
            password={password}
            onEmail={setEmail}
            onPassword={setPassword}
            onApprove={() => approve.run()}
            pending={approve.isPending}
            blocked={!check.ok}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={!check.ok || !!askText} loading={apply.isPending} onClick={() => apply.run()}>
            Apply discount
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
