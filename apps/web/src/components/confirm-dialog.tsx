import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";

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

/** A confirm dialog on screen: its options, an id, and what runs whenever it closes. */
export interface OpenConfirm extends ConfirmOptions {
  id: number;
  onClose?: () => void;
}

let nextId = 0;
let open: readonly OpenConfirm[] = [];
const listeners = new Set<() => void>();
const setOpen = (next: readonly OpenConfirm[]) => {
  open = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Takes a dialog off the screen and runs its onClose (once: a closed dialog is gone). */
export function closeConfirm(id: number) {
  const confirm = open.find((c) => c.id === id);
  if (!confirm) return;
  setOpen(open.filter((c) => c !== confirm));
  confirm.onClose?.();
}

/**
 * Opens a confirm dialog (shown by <ConfirmHost>, which the signed-in shell mounts).
 * @example confirmAction({ title: "Delete Comment", message: "This cannot be undone.", onConfirm: remove })
 * @example confirmAction({ title: "Are you sure to remove filter 'x'?", confirmLabel: "Yes", cancelLabel: "No", danger: false, onConfirm })
 */
export function confirmAction(options: ConfirmOptions & { onClose?: () => void }) {
  setOpen([...open, { ...options, id: ++nextId }]);
}

/** The same dialog as a promise, for async flows: `if (await confirmed({ title })) …`. */
export const confirmed = (options: Omit<ConfirmOptions, "onConfirm" | "onCancel">) =>
  new Promise<boolean>((resolve) => {
    // onClose also runs after Confirm; a promise settles once, so Escape or the overlay read as Cancel.
    confirmAction({ ...options, onConfirm: () => resolve(true), onClose: () => resolve(false) });
  });

// The dialog's code (Mantine's Modal) is not part of the first screen (issue 16: ≤ 200 KB): it
// starts loading at the user's first press or key, so it is in by the time a click opens a dialog.
const loadConfirmModal = () => import("./confirm-modal");
const ConfirmModal = lazy(loadConfirmModal);
const FIRST_INTENT = ["pointerdown", "keydown"] as const;

/** Where confirm dialogs show: mounted once, by the signed-in shell. */
export function ConfirmHost() {
  const dialogs = useSyncExternalStore(subscribe, () => open);
  useEffect(() => {
    const listening = new AbortController();
    const preload = () => {
      listening.abort();
      void loadConfirmModal();
    };
    for (const type of FIRST_INTENT)
      window.addEventListener(type, preload, { capture: true, signal: listening.signal });
    return () => listening.abort();
  }, []);
  if (!dialogs.length) return null;
  return (
    <Suspense fallback={null}>
      {dialogs.map((confirm) => (
        <ConfirmModal key={confirm.id} confirm={confirm} />
      ))}
    </Suspense>
  );
}
