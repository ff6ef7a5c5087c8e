import type { ApprovalWire, OrderDetailWire, OrderWire } from "@loupe/contract";
import { currencyForCountry, fullRefundWhere, REFUND_SUCCESS } from "@loupe/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { ApiError } from "../../../../lib/api-client";
import { errorText } from "../../../../lib/errors";
import { formatMoney } from "../../../../lib/format";
import { useRefundReasons } from "../../../reference/use-reference-data";
import { useJobActions } from "../../api/job-actions";
import { useJobRules } from "../../use-job-rules";

/** Request a full refund or Void (spec §2, §4): the server decided which; staff pick a reason. */
export function RefundModal({
  job,
  onClose,
}: {
  /** The job; its payments (from the detail) say which tender the money goes back to. */
  job: OrderWire & Partial<Pick<OrderDetailWire, "payments">>;
  onClose: () => void;
}) {
  const { data: reasons = [] } = useRefundReasons();
  // The rulebook (ADR 0025) says beforehand whether a manager must approve; the server's
  // `approval_required` answer opens the approval too, should the facts have moved meanwhile.
  const verdict = useJobRules()("refund", job);
  const { refund, approve } = useJobActions();
  const { showAlert } = useAlert();
  const [reason, setReason] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key for this request: pressing the button again retries the same refund, never a second one.
  const [key] = useState(() => crypto.randomUUID());
  const isVoid = job.refund_type === "void";
  const label = isVoid ? "Void" : "Refund";

  // The server's refusal text once it has answered approval_required; before that, the rule's own.
  const [approvalAsked, setApprovalAsked] = useState<string | null>(null);
  const [approval, setApproval] = useState<ApprovalWire | null>(null);
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const beforehand = !verdict.allowed && verdict.refusal === "approval" ? verdict.reason : null;
  const needsManager = (beforehand !== null || approvalAsked !== null) && approval === null;
  const askText = approvalAsked ?? beforehand ?? "";

  const [managerEmail, setManagerEmail] = useState("");
  const [managerPassword, setManagerPassword] = useState("");
  const [approvalErrors, setApprovalErrors] = useState<{ email?: string; password?: string; other?: string }>(
    {},
  );

  const send = async (chosen: string) => {
    setFailure(null);
    try {
      const res = await refund.mutateAsync({ id: job.id, reason: chosen, key });
      showAlert({ variant: "success", message: res.message ?? REFUND_SUCCESS });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === "approval_required") {
        // The manager signs in below, in this same modal; the refund is sent again after.
        setApproval(null);
        setApprovalAsked(errorText(err));
        return;
      }
      // The server's (or the gateway's) own words.
      const text = errorText(err);
      setFailure(text);
      showAlert({ variant: "danger", message: text });
    }
  };

  const submitApproval = async () => {
    setApprovalErrors({});
    try {
      const res = await approve.mutateAsync({
        id: job.id,
        action: isVoid ? "void" : "refund",
        email: managerEmail,
        password: managerPassword,
      });
      setApproval(res.data);
      // The manager's password is not kept a moment longer than the call needed it.
      setManagerPassword("");
      if (reason) await send(reason);
    } catch (err) {
      setManagerPassword("");
      if (err instanceof ApiError && Object.keys(err.errors).length) {
        setApprovalErrors({
          email: err.errors.email?.join(" "),
          password: err.errors.password?.join(" "),
          other: err.errors.action?.join(" "),
        });
      } else setApprovalErrors({ other: errorText(err) });
    }
  };

  return (
    <Modal opened onClose={onClose} title={isVoid ? "Void" : "Request a full refund"}>
      <Stack gap="sm">
        <Text size="sm">
          {isVoid
            ? `Void job ${job.vend_invoice_number}: the payment is cancelled and nothing is charged.`
            : `Refund job ${job.vend_invoice_number} in full: ${fullRefundWhere(
                (job.payments ?? []).map((p) => ({
                  name: p.historical_payment_type_name,
                  amountMinor: Math.round(p.amount * 100),
                })),
                Math.round(job.refundable_amount * 100),
                (minor) => formatMoney(minor / 100, currency),
              )}.`}{" "}
          Every item becomes {isVoid ? "Voided" : "Refunded"}.
        </Text>
        {failure && (
          <Alert color="red" variant="light" data-testid="refund-error">
            {failure}
          </Alert>
        )}
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={reasons.map((r) => ({ value: r.slug, label: r.name }))}
          value={reason}
          onChange={setReason}
          required
          comboboxProps={{ withinPortal: true }}
        />
        {needsManager && (
          <Stack
            gap="xs"
            p="sm"
            bg="yellow.0"
            style={{ borderRadius: 4 }}
            data-testid="manager-approval"
            role="group"
            aria-labelledby="manager-approval-title"
          >
            <Title order={5} id="manager-approval-title">
              Manager approval
            </Title>
            <Text size="sm">{askText} A manager of this region signs in here to approve it.</Text>
            {approvalErrors.other && (
              <Text size="sm" c="red">
                {approvalErrors.other}
              </Text>
            )}
            <TextInput
              label="Manager's e-mail"
              type="email"
              autoComplete="off"
              value={managerEmail}
              error={approvalErrors.email}
              onChange={(e) => setManagerEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Manager's password"
              autoComplete="new-password"
              value={managerPassword}
              error={approvalErrors.password}
              onChange={(e) => setManagerPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                variant="filled"
                color="yellow.8"
                disabled={!managerEmail || !managerPassword}
                loading={approve.isPending}
                onClick={submitApproval}
              >
                Approve
              </Button>
            </Group>
          </Stack>
        )}
        {approval && (
          <Text size="sm" c="green.8" data-testid="approval-given">
            Approved by {approval.approver.full_name}.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!reason || needsManager}
            loading={refund.isPending}
            onClick={() => reason && send(reason)}
          >
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
