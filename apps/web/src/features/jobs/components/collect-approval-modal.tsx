import type { OrderWire } from "@loupe/contract";
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useJobActions } from "../api/job-actions";

/**
 * Collecting a job with a balance due (issue 44): the rulebook refused it for this staff member, and
 * a manager of the region approves it here, on the same screen, the refund approval's way (ADR
 * 0022): their e-mail and password, no session for them, one use, bound to this job and its balance.
 * Once approved, the status change is sent again.
 */
export function CollectApprovalModal({
  job,
  reason,
  onApproved,
  onClose,
}: {
  /** The job; an item's dropdown knows only its id (the server then approves the whole balance). */
  job: Pick<OrderWire, "id"> & Partial<Pick<OrderWire, "vend_invoice_number" | "balance_due">>;
  /** The server's (or the rulebook's) refusal: names the balance due. */
  reason: string;
  onApproved: () => Promise<void> | void;
  onClose: () => void;
}) {
  const { approve } = useJobActions();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string; other?: string }>({});
  const submit = async () => {
    setErrors({});
    try {
      await approve.mutateAsync({
        id: job.id,
        action: "collect",
        email,
        password,
        amountMinor: job.balance_due === undefined ? undefined : Math.round(job.balance_due * 100),
      });
      // The manager's password is not kept a moment longer than the call needed it.
      setPassword("");
      await onApproved();
      onClose();
    } catch (err) {
      setPassword("");
      if (err instanceof ApiError && Object.keys(err.errors).length)
        setErrors({
          email: err.errors.email?.join(" "),
          password: err.errors.password?.join(" "),
          other: (err.errors.amount_minor ?? err.errors.action)?.join(" "),
        });
      else setErrors({ other: errorText(err) });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Collect ${job.vend_invoice_number ?? "the job"} with a balance due`}
    >
      <Stack gap="xs" data-testid="manager-approval" role="group" aria-label="Manager approval">
        <Text size="sm">{reason} A manager of this region signs in here to approve it.</Text>
        {errors.other && (
          <Text size="sm" c="red">
            {errors.other}
          </Text>
        )}
        <TextInput
          label="Manager's e-mail"
          type="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Manager's password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="yellow.8"
            disabled={!email || !password}
            loading={approve.isPending}
            onClick={submit}
          >
            Approve and collect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
