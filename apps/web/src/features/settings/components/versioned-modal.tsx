import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, type TextInputProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useState } from "react";
import { ConflictAlert } from "../../../components/conflict-alert";
import { errorList } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useVersionConflict } from "../../reference/use-version-conflict";

/**
 * An add / edit form in a modal for a versioned record (ADR 0007): Save runs `onSave` once per
 * click and closes; a stale version shows who saved first with Reload (`onReload` refills the
 * form from the fresh record); any other failure lists the server's messages above the fields.
 */
export function VersionedModal(props: {
  title: string;
  saveLabel: string;
  onClose: () => void;
  onSave: () => Promise<void>;
  onReload: () => Promise<void>;
  children: ReactNode;
}) {
  const conflict = useVersionConflict();
  const [errors, setErrors] = useState<string[]>([]);
  const save = useAction(async () => {
    setErrors([]);
    conflict.clear();
    try {
      await props.onSave();
      props.onClose();
    } catch (err) {
      if (!conflict.take(err)) setErrors(errorList(err));
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg">
      <Stack gap="sm">
        {conflict.message && (
          <ConflictAlert
            message={conflict.message}
            reloading={conflict.reloading}
            onReload={() => conflict.reload(props.onReload)}
          />
        )}
        {errors.map((e) => (
          <Text key={e} c="red" size="sm">
            {e}
          </Text>
        ))}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.run()} loading={save.isPending}>
            {props.saveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Text inputs and checkboxes bound to one form object's fields. */
export function formFields<F extends Record<string, unknown>>(
  f: F,
  set: <K extends keyof F>(k: K, v: F[K]) => void,
) {
  return {
    text: (k: keyof F & string, label: string, props: Omit<TextInputProps, "label" | "value"> = {}) => (
      <TextInput
        label={label}
        value={String(f[k] ?? "")}
        onChange={(e) => set(k, e.currentTarget.value as F[typeof k])}
        {...props}
      />
    ),
    check: (k: keyof F & string, label: string) => (
      <Checkbox
        label={label}
        checked={Boolean(f[k])}
        onChange={(e) => set(k, e.currentTarget.checked as F[typeof k])}
      />
    ),
  };
}
