import { recallSnoozeSchema } from "@loupe/domain";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { CalendarDateInput } from "../../../components/calendar-date-input";

/** The snooze's new due date and reason, checked by the domain's rule before anything is sent. */
export default function SnoozeModal({
  count,
  onClose,
  onSnooze,
}: {
  count: number;
  onClose: () => void;
  onSnooze: (until: string, reason: string) => Promise<void>;
}) {
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit() {
    const checked = recallSnoozeSchema.safeParse({ until, reason });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSnooze(checked.data.until, checked.data.reason);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Snooze ${count} ${count === 1 ? "recall" : "recalls"}`}>
      <Stack gap="sm">
        <CalendarDateInput
          label="Snooze until"
          withAsterisk
          value={until}
          onChange={setUntil}
          error={errors.until}
        />
        <TextInput
          label="Reason"
          withAsterisk
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={!until || !reason.trim()}>
            Snooze
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
