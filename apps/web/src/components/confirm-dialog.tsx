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
  /**
   * Runs on Confirm. When it answers a promise, the dialog stays open with the confirm button
   * loading (and Cancel disabled) until it settles, and a second click does nothing: one click,
   * one call.
   */
  onConfirm: () => unknown;
  onCancel?: () => void;
}

let nextId = 0;

/**
 * Opens a confirm dialog through Mantine's modals manager (needs <ModalsProvider>, set up in providers).
 * @example confirmAction({ title: "Delete Comment", message: "This cannot be undone.", onConfirm: remove })
 * @example confirmAction({ title: "Are you sure to remove filter 'x'?", confirmLabel: "Yes", cancelLabel: "No", danger: false, onConfirm })
 */
export function confirmAction(options: ConfirmOptions & { onClose?: () => void }) {
  const modalId = `confirm-${++nextId}`;
  const color = options.danger === false ? "blue" : "red";
  let busy = false;
  modals.openConfirmModal({
    modalId,
    title: options.title,
    centered: true,
    children: options.message ? <Text size="sm">{options.message}</Text> : null,
    labels: { confirm: options.confirmLabel ?? "Yes, Delete", cancel: options.cancelLabel ?? "Cancel" },
    confirmProps: { color },
    closeOnConfirm: false,
    onConfirm: async () => {
      if (busy) return;
      busy = true;
      const pending = options.onConfirm();
      if (pending instanceof Promise) {
        modals.updateModal({
          modalId,
          confirmProps: { color, loading: true },
          cancelProps: { disabled: true },
          closeOnClickOutside: false,
          closeOnEscape: false,
          withCloseButton: false,
        });
        try {
          await pending;
        } catch {
          // The caller reports its own failure; the dialog just closes.
        }
      }
      modals.close(modalId);
    },
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
