import { Button, Group, Modal, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { closeConfirm, type OpenConfirm } from "./confirm-dialog";

/**
 * One confirm dialog. When Confirm's action answers a promise, the dialog stays open with the
 * button loading (Cancel, Escape, the overlay and the close button do nothing) until it settles,
 * and a second click does nothing: one click, one call.
 */
export default function ConfirmModal({ confirm }: { confirm: OpenConfirm }) {
  const [busy, setBusy] = useState(false);
  // A ref, not the state: a double click lands twice before React redraws.
  const clicked = useRef(false);
  const color = confirm.danger === false ? "blue" : "red";
  const close = () => closeConfirm(confirm.id);
  const onConfirm = async () => {
    if (clicked.current) return;
    clicked.current = true;
    const pending = confirm.onConfirm();
    if (pending instanceof Promise) {
      setBusy(true);
      try {
        await pending;
      } catch {
        // The caller reports its own failure; the dialog just closes.
      }
    }
    close();
  };
  return (
    <Modal
      opened
      centered
      title={confirm.title}
      onClose={() => !busy && close()}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {confirm.message ? <Text size="sm">{confirm.message}</Text> : null}
      <Group mt="md" justify="flex-end">
        <Button
          variant="default"
          disabled={busy}
          onClick={() => {
            confirm.onCancel?.();
            close();
          }}
        >
          {confirm.cancelLabel ?? "Cancel"}
        </Button>
        <Button color={color} loading={busy} onClick={onConfirm}>
          {confirm.confirmLabel ?? "Yes, Delete"}
        </Button>
      </Group>
    </Modal>
  );
}
