import { type FileWire, type NoteWire, uploadStaffFile } from "@loupe/contract";
import { noteAuthorLabel } from "@loupe/domain";
import { Anchor, Button, FileButton, Group, Modal, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useAlert } from "../../app/alert-context";
import { confirmAction } from "../../components/confirm-dialog";
import { ConflictAlert } from "../../components/conflict-alert";
import { callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { downloadFileBlob, openFileBlob } from "../../lib/file-blob";
import { useAction } from "../../lib/use-action";
import { useFormatDateTime } from "../reference/use-date-format";
import { useCurrentUser } from "../reference/use-reference-data";
import { useFailureText, useVersionConflict } from "../reference/use-version-conflict";
import { type CommentsTarget, notesApi } from "./notes-target";

export type { CommentsTarget } from "./notes-target";

/**
 * Comments on a customer or a job: newest first ("No comments to speak of" when empty; no author
 * shows as System), author-only Remove, and on job notes author-only Update and file attachments
 * (the attach button is hidden for customer notes). Submit with Ctrl/Cmd+Enter.
 */
export function CommentsModal({
  target,
  title,
  onClose,
}: {
  target: CommentsTarget;
  title: string;
  onClose: () => void;
}) {
  const { data: me } = useCurrentUser();
  const formatDateTime = useFormatDateTime();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [content, setContent] = useState("");
  const [attached, setAttached] = useState<FileWire[]>([]);
  const [editing, setEditing] = useState<NoteWire | null>(null);
  const conflict = useVersionConflict();
  const failureText = useFailureText();
  const api = notesApi(target);
  const { data: notes = [], isLoading } = useQuery({ queryKey: api.key, queryFn: api.list });
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: api.key });
    queryClient.invalidateQueries({ queryKey: api.owners });
  };
  // isPending re-renders a moment after the click; the ref stops a second click (or a repeated
  // Ctrl+Enter) that lands before it.
  const submitting = useRef(false);
  const save = useMutation({
    mutationFn: async () =>
      editing && api.update
        ? api.update(editing.id, content, editing.version)
        : api.create(
            content,
            attached.map((f) => f.id),
          ),
    onSuccess: () => {
      showAlert({
        variant: "success",
        message: editing ? "Note Updated Successfully" : "New comment successfully created!",
      });
      setContent("");
      setAttached([]);
      setEditing(null);
      conflict.clear();
      refresh();
    },
    onError: (err) => {
      if (!conflict.take(err)) showAlert({ variant: "danger", message: errorText(err) });
    },
    onSettled: () => {
      submitting.current = false;
    },
  });
  /** Someone changed the note being edited: load their text and version (replacing what was typed). */
  const reload = () =>
    conflict.reload(async () => {
      const fresh = (await queryClient.fetchQuery({ queryKey: api.key, queryFn: api.list })).find(
        (n) => n.id === editing?.id,
      );
      refresh();
      if (!fresh) {
        setEditing(null);
        setContent("");
        return;
      }
      setEditing(fresh);
      setContent(fresh.content);
    });
  const canSubmit = (content.trim().length > 1 || attached.length > 0) && !save.isPending;
  const submit = () => {
    if (!canSubmit || submitting.current) return;
    submitting.current = true;
    save.mutate();
  };
  const attach = useAction(async (picked: File[]) => {
    const form = new FormData();
    for (const [i, f] of picked.entries()) form.append(`files[${i}]`, f, f.name);
    try {
      const res = await callEndpoint(uploadStaffFile, { body: form });
      setAttached((a) => [...a, ...res.data]);
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });
  const remove = (note: NoteWire) =>
    confirmAction({
      title: "Delete Comment",
      message: "This cannot be undone.",
      onConfirm: async () => {
        try {
          await api.remove(note.id, note.version);
          showAlert({ variant: "success", message: "Deleted Successfully" });
          refresh();
        } catch (err) {
          const failure = failureText(err);
          showAlert({ variant: "danger", message: failure.text });
          if (failure.conflict) refresh();
        }
      },
    });

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        {conflict.message && (
          <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={reload} />
        )}
        {!isLoading && notes.length === 0 && (
          <Text c="dimmed" ta="center">
            No comments to speak of
          </Text>
        )}
        {notes.map((note) => (
          <Paper key={note.id} withBorder p="xs" data-testid="comment">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="xs" c="dimmed">
                  {noteAuthorLabel(note)} · {formatDateTime(note.created_at)}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {note.content}
                </Text>
                {note.files.map((f) => (
                  <Anchor
                    key={f.id}
                    component="button"
                    type="button"
                    size="xs"
                    mr="xs"
                    onClick={() =>
                      // Images and PDFs open in the browser's viewer; Word documents download.
                      (f.mime_type.startsWith("image/") || f.mime_type === "application/pdf"
                        ? openFileBlob(f.full_path, f.file_name)
                        : downloadFileBlob(f.full_path, f.file_name)
                      ).catch((err) => showAlert({ variant: "danger", message: errorText(err) }))
                    }
                  >
                    {f.file_name}
                  </Anchor>
                ))}
              </div>
              {note.creator_id === me?.id && (
                <Group gap={4} wrap="nowrap">
                  {api.update && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => {
                        setEditing(note);
                        setContent(note.content);
                      }}
                    >
                      Update
                    </Button>
                  )}
                  <Button size="compact-xs" color="red" variant="subtle" onClick={() => remove(note)}>
                    Remove
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
        <Textarea
          label={editing ? "Update comment" : "New comment"}
          autosize
          minRows={2}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit();
          }}
        />
        {attached.length > 0 && (
          <Text size="xs" data-testid="attached-files">
            Attached: {attached.map((f) => f.file_name).join(", ")}
          </Text>
        )}
        <Group justify="space-between">
          {api.attachments && !editing ? (
            <FileButton
              onChange={attach.run}
              accept=".jpeg,.jpg,.png,.bmp,.pdf,.doc,.docx"
              multiple
              disabled={attach.isPending}
            >
              {(props) => (
                <Button variant="subtle" {...props} loading={attach.isPending}>
                  Attach file
                </Button>
              )}
            </FileButton>
          ) : (
            <span />
          )}
          <Button onClick={submit} disabled={!canSubmit || attach.isPending} loading={save.isPending}>
            {editing ? "Update" : "Submit"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
