import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";

/** A confirm dialog; the defaults are the spec's delete wording ("Yes, Delete" / "Cancel"). */
export function confirmAction(options: {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: options.title,
    children: options.message ? <Text size="sm">{options.message}</Text> : null,
    labels: { confirm: options.confirmLabel ?? "Yes, Delete", cancel: options.cancelLabel ?? "Cancel" },
    confirmProps: { color: options.danger === false ? "blue" : "red" },
    onConfirm: options.onConfirm,
  });
}
