import { createCustomerNote, deleteCustomerNote, listCustomerNotes, type NoteWire } from "@loupe/contract";
import { Button, Group, Modal, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../app/alert-context";
import { confirmAction } from "../../components/confirm-dialog";
import { callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { useCurrentUser } from "../reference/use-reference-data";

/** Comments on a customer: newest first, author-only Remove, submit with Ctrl/Cmd+Enter (attach is hidden for customer notes). */
export function CommentsModal({
  customerId,
  title,
  onClose,
}: {
  customerId: number;
  title: string;
  onClose: () => void;
}) {
  const { data: me } = useCurrentUser();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [content, setContent] = useState("");
  const key = ["notes", "customer", customerId];
  const { data: notes = [], isLoading } = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await callEndpoint(listCustomerNotes, { query: { user_id: customerId, with: "creator" } })).data,
  });
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: key });
    queryClient.invalidateQueries({ queryKey: ["customers"] });
  };
  const create = useMutation({
    mutationFn: () => callEndpoint(createCustomerNote, { body: { content, user_id: customerId } }),
    onSuccess: () => {
      setContent("");
      showAlert({ variant: "success", message: "New comment successfully created!" });
      refresh();
    },
    onError: (err) => showAlert({ variant: "danger", message: errorText(err) }),
  });
  const canSubmit = content.trim().length > 1 && !create.isPending;
  const remove = (note: NoteWire) =>
    confirmAction({
      title: "Delete Comment",
      message: "This cannot be undone.",
      onConfirm: async () => {
        try {
          await callEndpoint(deleteCustomerNote, { params: { id: note.id } });
          showAlert({ variant: "success", message: "Deleted Successfully" });
          refresh();
        } catch (err) {
          showAlert({ variant: "danger", message: errorText(err) });
        }
      },
    });

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        {!isLoading && notes.length === 0 && (
          <Text c="dimmed" ta="center">
            No comments to speak of
          </Text>
        )}
        {notes.map((note) => (
          <Paper key={note.id} withBorder p="xs" data-testid="comment">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text size="xs" c="dimmed">
                  {note.user?.data.full_name ?? "System"} · {formatDateTime(note.created_at, me?.region_id)}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {note.content}
                </Text>
              </div>
              {note.creator_id === me?.id && (
                <Button size="compact-xs" color="red" variant="subtle" onClick={() => remove(note)}>
                  Remove
                </Button>
              )}
            </Group>
          </Paper>
        ))}
        <Textarea
          label="New comment"
          autosize
          minRows={2}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && canSubmit) create.mutate();
          }}
        />
        <Group justify="flex-end">
          <Button onClick={() => create.mutate()} disabled={!canSubmit} loading={create.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
