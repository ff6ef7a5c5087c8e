import { createSavedSearch, deleteSavedSearch, listSavedSearches } from "@loupe/contract";
import { ActionIcon, Button, Group, Menu, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";

/** Save Search (popover "Enter Filter Name") and the Saved Searches dropdown with remove. */
export function SavedSearches({
  query,
  onApply,
}: {
  query: Record<string, string>;
  onApply: (q: Record<string, string>) => void;
}) {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const { data = [] } = useQuery({
    queryKey: ["saved-searches"],
    queryFn: async () => (await callEndpoint(listSavedSearches)).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["saved-searches"] });
  const save = async () => {
    try {
      const res = await callEndpoint(createSavedSearch, { body: { name: name.trim(), query } });
      showAlert({ variant: "success", message: res.message });
      setName("");
      setOpen(false);
      refresh();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  return (
    <Group gap="xs">
      <Popover opened={open} onChange={setOpen} position="bottom" withArrow trapFocus>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpen((o) => !o)}>
            Save Search
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Enter Filter Name
            </Text>
            <TextInput label="Filter Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button size="xs" disabled={!name.trim()} onClick={save}>
                Ok
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Menu position="bottom-end" width={260}>
        <Menu.Target>
          <Button variant="default">Saved Searches</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {data.length === 0 && <Menu.Label>Empty</Menu.Label>}
          {data.map((s) => (
            <Menu.Item
              key={s.id}
              onClick={() => onApply(s.query)}
              rightSection={
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${s.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    confirmAction({
                      title: `Are you sure to remove filter '${s.name}'?`,
                      confirmLabel: "Yes",
                      cancelLabel: "No",
                      onConfirm: async () => {
                        await callEndpoint(deleteSavedSearch, { params: { id: s.id } });
                        refresh();
                      },
                    });
                  }}
                >
                  ×
                </ActionIcon>
              }
            >
              {s.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
