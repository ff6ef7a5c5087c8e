import { FILTER_SAVED, isSavedSearchNameValid, NO_FILTER_TO_SAVE, savedSearchQuery } from "@loupe/domain";
import { Button, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useSavedSearchMutations } from "../api/saved-searches";

/** Save Search: a popover "Enter Filter Name"; Ok stays disabled while the name is blank (spec §2, §5). */
export function SaveSearchPopover({ query }: { query: Record<string, string> }) {
  const { showAlert } = useAlert();
  const { save } = useSavedSearchMutations();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const close = () => {
    setOpen(false);
    setName("");
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
      showAlert({ variant: "danger", message: errorText(err) });
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
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && isSavedSearchNameValid(name)) submit();
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              size="xs"
              disabled={!isSavedSearchNameValid(name)}
              loading={save.isPending}
              onClick={submit}
            >
              Ok
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
