import type { OrderWire } from "@loupe/contract";
import { RECEIPT_SENT } from "@loupe/domain";
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { errorText } from "../../../../lib/errors";
import { useJobActions } from "../../api/job-actions";

/** Email Receipt: prefilled with the billing e-mail; the server sends it and records it on the job. */
export function EmailReceiptModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { emailReceipt } = useJobActions();
  const { showAlert } = useAlert();
  const [email, setEmail] = useState(job.order_billing.customer_email ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setFailure(null);
    try {
      await emailReceipt.mutateAsync({ id: job.id, token: job.receipt_token, email: email.trim() });
      showAlert({ variant: "success", message: RECEIPT_SENT(email.trim()) });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Email Receipt">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!email.trim()} loading={emailReceipt.isPending} onClick={send}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
