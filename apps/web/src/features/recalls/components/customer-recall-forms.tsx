import type { CustomerRecallWire } from "@loupe/contract";
import { formatCalendarDay } from "@loupe/domain";
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { ConflictAlert } from "../../../components/conflict-alert";
import { errorText } from "../../../lib/errors";
import { useVersionConflict } from "../../reference/use-version-conflict";
import { useCustomerRecallWrites, useRecallTypes } from "../api";

/**
 * The contract's rules for these two bodies, checked before sending (the server checks them again).
 * Written out here because the browser build gets the endpoints' addresses, not their schemas.
 */
function dueAndReasonErrors(due: string, reason: string, noReason: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(due)) errors.due_date = "Choose the due date.";
  if (!reason.trim()) errors.reason = noReason;
  else if (reason.trim().length > 300) errors.reason = "The reason is at most 300 characters.";
  return errors;
}

/** Set a recall's due date by hand, with the reason; sends the version the card showed. */
export function SetDueModal({
  customerId,
  recall,
  onClose,
}: {
  customerId: number;
  recall: CustomerRecallWire;
  onClose: () => void;
}) {
  const { setDue } = useCustomerRecallWrites(customerId);
  const { showAlert } = useAlert();
  const conflict = useVersionConflict();
  const [due, setDueDate] = useState(recall.due_date);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  async function save() {
    const found = dueAndReasonErrors(due, reason, "Say why the due date changes.");
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(null);
    try {
      await setDue.mutateAsync({
        recallId: recall.id,
        due_date: due,
        reason: reason.trim(),
        version: recall.version,
      });
      showAlert({ variant: "success", message: `Recall due ${formatCalendarDay(due)}.` });
      onClose();
    } catch (err) {
      if (!conflict.take(err)) setFailure(errorText(err));
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Set the due date: ${recall.recall_type.name}`}>
      <Stack gap="sm">
        {conflict.message && (
          // The card behind has been read again (the write settles the list): closing shows it.
          <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={onClose} />
        )}
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <CalendarDateInput
          label="Due date"
          withAsterisk
          value={due}
          onChange={setDueDate}
          error={errors.due_date}
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
          <Button onClick={save} loading={setDue.isPending}>
            Save due date
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Give the customer a recall of a type by hand (e.g. diabetic), due on a date, with the reason. */
export function AddRecallModal({
  customerId,
  regionId = null,
  onClose,
}: {
  customerId: number;
  regionId?: number | null;
  onClose: () => void;
}) {
  const { add } = useCustomerRecallWrites(customerId);
  const { data: types = [] } = useRecallTypes();
  const { showAlert } = useAlert();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [due, setDue] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  async function save() {
    const found = dueAndReasonErrors(due, reason, "Say why the recall is set by hand.");
    if (!typeId) found.recall_type_id = "Choose the recall type.";
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(null);
    try {
      await add.mutateAsync({ recall_type_id: Number(typeId), due_date: due, reason: reason.trim() });
      showAlert({ variant: "success", message: "Recall added." });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  }
  return (
    <Modal opened onClose={onClose} title="Add a recall by hand">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Select
          label="Recall type"
          withAsterisk
          data={types
            .filter((t) => t.active && (regionId == null || t.region_id === regionId))
            .map((t) => ({ value: String(t.id), label: t.name }))}
          value={typeId}
          onChange={setTypeId}
          error={errors.recall_type_id}
        />
        <CalendarDateInput
          label="Due date"
          withAsterisk
          value={due}
          onChange={setDue}
          error={errors.due_date}
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
          <Button onClick={save} loading={add.isPending}>
            Add recall
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
