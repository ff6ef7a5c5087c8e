import type { OrderWire } from "@loupe/contract";
import { RECEIPT_NOTE_SAVED, receiptNoteText } from "@loupe/domain";
import { Alert, Button, Group, Loader, Modal, Stack, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { errorText } from "../../../../lib/errors";
import { useJobActions, useReceiptNote } from "../../api/job-actions";

/** Receipt Note: adds the job's receipt note or edits the one it has; it prints on the receipt. */
export function ReceiptNoteModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { data: note, isLoading } = useReceiptNote(job.id);
  const { saveReceiptNote } = useJobActions();
  const { showAlert } = useAlert();
  const [text, setText] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (note) setText(receiptNoteText(note.content));
  }, [note]);
  const save = async () => {
    setFailure(null);
    try {
      await saveReceiptNote.mutateAsync({
        id: job.id,
        noteId: note?.id ?? null,
        version: note?.version,
        text,
      });
      showAlert({ variant: "success", message: RECEIPT_NOTE_SAVED });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Receipt Note">
      {isLoading ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          <Textarea
            label={note ? "Edit the receipt note" : "Add a receipt note"}
            description="Printed on the customer's receipt."
            autosize
            minRows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={text.trim().length < 2} loading={saveReceiptNote.isPending} onClick={save}>
              {note ? "Update" : "Save"}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
