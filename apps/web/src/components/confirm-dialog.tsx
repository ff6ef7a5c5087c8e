import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  /** Defaults to the spec's delete wording, "Yes, Delete". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** Red confirm button unless false (deletes are the common case). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/**
 * Opens a confirm dialog through Mantine's modals manager (needs <ModalsProvider>, set up in providers).
 * @example confirmAction({ title: "Delete Comment", message: "This cannot be undone.", onConfirm: remove })
 * @example confirmAction({ title: "Are you sure to remove filter 'x'?", confirmLabel: "Yes", cancelLabel: "No", danger: false, onConfirm })
 */
export function confirmAction(options: ConfirmOptions & { onClose?: () => void }) {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: options.message ? <Text size="sm">{options.message}</Text> : null,
    labels: { confirm: options.confirmLabel ?? "Yes, Delete", cancel: options.cancelLabel ?? "Cancel" },
    confirmProps: { color: options.danger === false ? "blue" : "red" },
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
    onClose: options.onClose,
  });
}

/** The same dialog as a promise, for async flows: `if (await confirmed({ title })) …`. */
export const confirmed = (options: Omit<ConfirmOptions, "onConfirm" | "onCancel">) =>
  new Promise<boolean>((resolve) => {
    // onClose also runs after Confirm; a promise settles once, so Escape or the overlay read as Cancel.
    confirmAction({ ...options, onConfirm: () => resolve(true), onClose: () => resolve(false) });
  });
