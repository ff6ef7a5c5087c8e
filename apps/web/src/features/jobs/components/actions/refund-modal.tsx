import type { OrderWire } from "@loupe/contract";
import { currencyForCountry, REFUND_SUCCESS } from "@loupe/domain";
import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { errorText } from "../../../../lib/errors";
import { formatMoney } from "../../../../lib/format";
import { useRefundReasons } from "../../../reference/use-reference-data";
import { useJobActions } from "../../api/job-actions";

/** Request a full refund or Void (spec §2, §4): the server decided which; staff pick a reason. */
export function RefundModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { data: reasons = [] } = useRefundReasons();
  const { refund } = useJobActions();
  const { showAlert } = useAlert();
  const [reason, setReason] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key for this request: pressing the button again retries the same refund, never a second one.
  const [key] = useState(() => crypto.randomUUID());
  const isVoid = job.refund_type === "void";
  const label = isVoid ? "Void" : "Refund";

  const submit = async () => {
    if (!reason) return;
    setFailure(null);
    try {
      const res = await refund.mutateAsync({ id: job.id, reason, key });
      showAlert({ variant: "success", message: res.message ?? REFUND_SUCCESS });
      onClose();
    } catch (err) {
      // The server's (or the gateway's) own words.
      const text = errorText(err);
      setFailure(text);
      showAlert({ variant: "danger", message: text });
    }
  };

  return (
    <Modal opened onClose={onClose} title={isVoid ? "Void" : "Request a full refund"}>
      <Stack gap="sm">
        <Text size="sm">
          {isVoid
            ? `Void job ${job.vend_invoice_number}: the payment is cancelled and nothing is charged.`
            : `Refund job ${job.vend_invoice_number} in full: ${formatMoney(job.total_payment, currencyForCountry(job.origin_outlet.region.country_code))} goes back to the customer.`}{" "}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" disabled={!reason} loading={refund.isPending} onClick={submit}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
