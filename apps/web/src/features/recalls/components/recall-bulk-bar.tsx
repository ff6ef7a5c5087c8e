import type { RecallRow } from "@loupe/contract";
import { recallSnoozeSchema } from "@loupe/domain";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { useFailureText } from "../../reference/use-version-conflict";
import { type BulkAction, useBulkRecalls } from "../api";

const DONE_WORDS: Record<BulkAction, string> = {
  send_now: "sent now",
  snooze: "snoozed",
  booked: "marked booked",
  declined: "marked declined",
};

/**
 * The chosen recalls' actions (issue 28): send the next step now, snooze (date + reason), mark
 * booked or declined. The server changes all of them or none; a recall someone changed since the
 * list was read refuses the lot (409), said in words, and the list is read again.
 */
export function RecallBulkBar({ selected, onDone }: { selected: RecallRow[]; onDone: () => void }) {
  const bulk = useBulkRecalls();
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const [snoozing, setSnoozing] = useState(false);
  const none = selected.length === 0;

  async function run(action: BulkAction, extra: { until?: string; reason?: string } = {}) {
    try {
      const res = await bulk.mutateAsync({ action, rows: selected, ...extra });
      showAlert({
        variant: "success",
        message: res.message || `${selected.length} recalls ${DONE_WORDS[action]}.`,
      });
      onDone();
      return true;
    } catch (err) {
      const { text, conflict } = failureText(err);
      showAlert({
        variant: "danger",
        message: conflict ? `${text} Nothing was changed; the list has been read again.` : text,
      });
      if (conflict) onDone();
      return false;
    }
  }

  return (
    <Group gap="xs" data-testid="recall-bulk">
      <Text size="sm" c="dimmed">
        {none ? "Choose recalls to act on them" : `${selected.length} chosen`}
      </Text>
      <Button
        size="xs"
        variant="light"
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("send_now")}
      >
        Send now
      </Button>
      <Button size="xs" variant="light" disabled={none || bulk.isPending} onClick={() => setSnoozing(true)}>
        Snooze…
      </Button>
      <Button
        size="xs"
        variant="light"
        color="green"
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("booked")}
      >
        Booked
      </Button>
      <Button
        size="xs"
        variant="light"
        color="gray"
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("declined")}
      >
        Declined
      </Button>
      {snoozing && (
        <SnoozeModal
          count={selected.length}
          onClose={() => setSnoozing(false)}
          onSnooze={async (until, reason) => {
            if (await run("snooze", { until, reason })) setSnoozing(false);
          }}
        />
      )}
    </Group>
  );
}

/** The snooze's new due date and reason, checked by the domain's rule before anything is sent. */
export function SnoozeModal({
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
