import type { OrderWire } from "@loupe/contract";
import { canChangeCustomer } from "@loupe/domain";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useState } from "react";
import { ChangeCustomerModal } from "./change-customer-modal";
import { EmailReceiptModal } from "./email-receipt-modal";
import { LinkOrderModal } from "./link-order-modal";
import { ReceiptNoteModal } from "./receipt-note-modal";

type Open = "email" | "customer" | "link" | "note" | null;

/** A job row's actions (spec §2): View receipt, Send email receipt, Change customer, Link order, Receipt note. */
export function JobRowActions({ job }: { job: OrderWire }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
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
          <Menu.Item onClick={() => setOpen("email")}>Send email receipt</Menu.Item>
          {canChangeCustomer(job) && (
            <Menu.Item onClick={() => setOpen("customer")}>Change customer</Menu.Item>
          )}
          <Menu.Item onClick={() => setOpen("link")}>Link order</Menu.Item>
          <Menu.Item onClick={() => setOpen("note")}>Receipt note</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {open === "email" && <EmailReceiptModal job={job} onClose={close} />}
      {open === "customer" && <ChangeCustomerModal job={job} onClose={close} />}
      {open === "link" && <LinkOrderModal job={job} onClose={close} />}
      {open === "note" && <ReceiptNoteModal job={job} onClose={close} />}
    </>
  );
}
