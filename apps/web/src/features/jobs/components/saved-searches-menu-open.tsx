import type { SavedSearchWire } from "@loupe/contract";
import { removeFilterQuestion, SAVED_SEARCHES_EMPTY } from "@loupe/domain";
import { ActionIcon, Menu } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { cloneElement, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import type { MenuStart } from "../../../components/on-demand-menu";
import { errorText } from "../../../lib/errors";
import { useTakeFocus } from "../../../lib/on-demand";
import { useSavedSearches, useSavedSearchMutations } from "../api/saved-searches";

/** The Saved Searches menu itself, loaded on demand by saved-searches-menu.tsx. */
export default function SavedSearchesMenuOpen({
  onApply,
  intent,
  target,
}: { onApply: (search: SavedSearchWire) => void } & MenuStart) {
  const { showAlert } = useAlert();
  const { data = [] } = useSavedSearches();
  const { remove } = useSavedSearchMutations();
  const [opened, setOpened] = useState(intent.open);
  const focusRef = useTakeFocus<HTMLButtonElement>(intent.focus);
  const askRemove = (s: SavedSearchWire) =>
    confirmAction({
      title: removeFilterQuestion(s.name),
      confirmLabel: "Yes",
      cancelLabel: "No",
      onConfirm: () =>
        remove.mutateAsync(s.id).catch((err) => showAlert({ variant: "danger", message: errorText(err) })),
    });
  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        {cloneElement(target, {
          ref: focusRef,
          // With nothing to move to (only "Empty"), the focus stays on the button, where Mantine
          // does not hear Escape: the menu still closes on it, as every menu does.
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key === "Escape" && opened) setOpened(false);
          },
        } as object)}
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu must hold an item (ARIA, axe "aria-required-children"): "Empty" is one, disabled. */}
        {data.length === 0 && <Menu.Item disabled>{SAVED_SEARCHES_EMPTY}</Menu.Item>}
        {data.map((s) => (
          <Menu.Item
            key={s.id}
            onClick={() => onApply(s)}
            rightSection={
              <ActionIcon
                component="span"
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${s.name}`}
                role="button"
                onClick={(e) => {
                  e.stopPropagation();
                  // The question stands alone: the menu closes rather than float above it.
                  setOpened(false);
                  askRemove(s);
                }}
              >
                <IconTrash size={14} />
              </ActionIcon>
            }
          >
            {s.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
