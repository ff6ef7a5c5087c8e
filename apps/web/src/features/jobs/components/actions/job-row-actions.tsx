import type { OrderWire } from "@loupe/contract";
import { IconDots } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { OnDemandMenu } from "../../../../components/on-demand-menu";
import { PlainActionIcon } from "../../../../components/plain-mantine";
import { onDemand } from "../../../../lib/on-demand";
import type { RowAction } from "./job-row-actions-menu";

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

// The menu itself (Mantine's Menu, with the floating layer) loads on the first pointer over, focus
// or click of a row's dots, not with the jobs list (issue 31).
const rowActionsMenu = onDemand(() => import("./job-row-actions-menu"));

/**
 * A job row's actions (spec §2): View receipt, Send email receipt, Change customer, Link order,
 * Receipt note, each as the rulebook allows it (a refused one is disabled and says why).
 */
export function JobRowActions({ job }: { job: OrderWire }) {
  const [open, setOpen] = useState<RowAction | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <OnDemandMenu
        menu={rowActionsMenu}
        props={{ job, onOpen: setOpen }}
        trigger={
          <PlainActionIcon aria-label={`Actions for ${job.vend_invoice_number}`}>
            <IconDots size={16} />
          </PlainActionIcon>
        }
      />
      <Suspense fallback={null}>
        {open === "email" && <EmailReceiptModal job={job} onClose={close} />}
        {open === "customer" && <ChangeCustomerModal job={job} onClose={close} />}
        {open === "link" && <LinkOrderModal job={job} onClose={close} />}
        {open === "note" && <ReceiptNoteModal job={job} onClose={close} />}
      </Suspense>
    </>
  );
}
