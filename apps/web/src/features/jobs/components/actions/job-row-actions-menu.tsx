import type { OrderWire } from "@loupe/contract";
import { Menu } from "@mantine/core";
import { cloneElement } from "react";
import type { MenuStart } from "../../../../components/on-demand-menu";
import { useTakeFocus } from "../../../../lib/on-demand";
import { useJobRules } from "../../use-job-rules";
import { refusalText } from "../rule-gate";

export type RowAction = "email" | "customer" | "link" | "note";

/** A job row's actions menu, loaded on demand by job-row-actions.tsx. */
export default function JobRowActionsMenu({
  job,
  onOpen,
  intent,
  target,
}: { job: OrderWire; onOpen: (action: RowAction) => void } & MenuStart) {
  const decide = useJobRules();
  const focusRef = useTakeFocus<HTMLButtonElement>(intent.focus);
  const item = (
    action: "receipt_email" | "change_customer" | "link" | "receipt_note",
    to: RowAction,
    label: string,
  ) => {
    const verdict = decide(action, job);
    if (!verdict.allowed && verdict.hide) return null;
    const why = refusalText(verdict);
    return (
      <Menu.Item disabled={why !== null} title={why ?? undefined} onClick={() => onOpen(to)}>
        {label}
        {why && <div style={{ fontSize: 11, opacity: 0.8, maxWidth: 260, whiteSpace: "normal" }}>{why}</div>}
      </Menu.Item>
    );
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened={intent.open}>
      <Menu.Target>{cloneElement(target, { ref: focusRef } as object)}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={job.receipt_url} target="_blank" rel="noopener noreferrer">
          View receipt
        </Menu.Item>
        {item("receipt_email", "email", "Send email receipt")}
        {item("change_customer", "customer", "Change customer")}
        {item("link", "link", "Link order")}
        {item("receipt_note", "note", "Receipt note")}
      </Menu.Dropdown>
    </Menu>
  );
}
