import type { OrderWire } from "@loupe/contract";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useJobRules } from "../../use-job-rules";
import { refusalText } from "../rule-gate";

// Each action's form loads when it is first opened, not with the jobs list (issue 31: /jobs
// opened cold ≤ 200 KB; Change customer alone brings the customer search and phone rules).
const ChangeCustomerModal = lazy(() =>
  import("./change-customer-modal").then((m) => ({ default: m.ChangeCustomerModal })),
);
const EmailReceiptModal = lazy(() =>
  import("./email-receipt-modal").then((m) => ({ default: m.EmailReceiptModal })),
);
const LinkOrderModal = lazy(() => import("./link-order-modal").then((m) => ({ default: m.LinkOrderModal })));
const ReceiptNoteModal = lazy(() =>
  import("./receipt-note-modal").then((m) => ({ default: m.ReceiptNoteModal })),
);

type Open = "email" | "customer" | "link" | "note" | null;

/**
 * A job row's actions (spec §2): View receipt, Send email receipt, Change customer, Link order,
 * Receipt note, each as the rulebook allows it (a refused one is disabled and says why).
 */
export function JobRowActions({ job }: { job: OrderWire }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const decide = useJobRules();
  const item = (
    action: "receipt_email" | "change_customer" | "link" | "receipt_note",
    to: Open,
    label: string,
  ) => {
    const verdict = decide(action, job);
    if (!verdict.allowed && verdict.hide) return null;
    const why = refusalText(verdict);
    return (
      <Menu.Item disabled={why !== null} title={why ?? undefined} onClick={() => setOpen(to)}>
        {label}
        {why && <div style={{ fontSize: 11, opacity: 0.8, maxWidth: 260, whiteSpace: "normal" }}>{why}</div>}
      </Menu.Item>
    );
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${job.vend_invoice_number}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
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
      <Suspense fallback={null}>
        {open === "email" && <EmailReceiptModal job={job} onClose={close} />}
        {open === "customer" && <ChangeCustomerModal job={job} onClose={close} />}
        {open === "link" && <LinkOrderModal job={job} onClose={close} />}
        {open === "note" && <ReceiptNoteModal job={job} onClose={close} />}
      </Suspense>
    </>
  );
}
