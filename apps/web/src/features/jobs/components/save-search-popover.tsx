import {
  FILTER_SAVED,
  isSavedSearchNameValid,
  NO_FILTER_TO_SAVE,
  SAVED_SEARCH_NAME_MAX,
  savedSearchNameError,
  savedSearchQuery,
} from "@loupe/domain";
import { Button, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ApiError } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useSavedSearches, useSavedSearchMutations } from "../api/saved-searches";

/** Save Search: a popover "Enter Filter Name"; Ok stays disabled while the name is blank (spec §2, §5). */
export function SaveSearchPopover({ query }: { query: Record<string, string> }) {
  const { showAlert } = useAlert();
  const { save } = useSavedSearchMutations();
  const { data: saved = [] } = useSavedSearches();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  // The same rule as the server's, as the name is typed: no duplicate, at most 100 characters.
  const nameError =
    serverError ??
    savedSearchNameError(
      name,
      saved.map((s) => s.name),
    );
  const canSave = isSavedSearchNameValid(name) && !nameError;
  const close = () => {
    setOpen(false);
    setName("");
    setServerError(null);
  };
  const submit = async () => {
    const filters = savedSearchQuery(query);
    if (Object.keys(filters).length === 0) {
      showAlert({ variant: "danger", message: NO_FILTER_TO_SAVE });
      return close();
    }
    try {
      await save.mutateAsync({ name: name.trim(), query: filters });
      showAlert({ variant: "success", message: FILTER_SAVED });
      close();
    } catch (err) {
      const field = err instanceof ApiError ? err.body?.errors?.name?.[0] : undefined;
      if (field) setServerError(field);
      else showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  return (
    <Popover opened={open} onChange={setOpen} position="top" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button variant="default" onClick={() => setOpen((o) => !o)}>
          Save Search
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <Text fw={600} size="sm">
            Enter Filter Name
          </Text>
          <TextInput
            label="Filter Name"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setServerError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && canSave) submit();
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              Cancel
            </Button>
            <Button size="xs" disabled={!canSave} loading={save.isPending} onClick={submit}>
              Ok
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
