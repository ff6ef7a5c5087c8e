import type { OrderDetailWire } from "@loupe/contract";
import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { CopyLinkButton } from "../../../components/copy-link-button";
import { appConfig } from "../../../lib/config";
import { PrintLabelsModal } from "../../printing/print-labels-modal";
import { customerProfilePath } from "../job-paths";
import { useJobRules } from "../use-job-rules";
import { CreateShippingOrderModal } from "./create-shipping-order-modal";
import { ManualTrackingModal } from "./manual-tracking-modal";
import { RuleGate } from "./rule-gate";

/** Where the job's invoice lives in the point-of-sale system (online orders have none). */
export const posInvoiceUrl = (vendBaseUrl: string, invoice: string) =>
  `${vendBaseUrl.replace(/\/$/, "")}/sales?invoice=${encodeURIComponent(invoice)}`;

export const classicAppUrl = (jobId: number) => `${appConfig.classicAppUrl.replace(/\/$/, "")}/jobs/${jobId}`;

/** The expanded job's buttons, each shown, disabled or hidden by the rulebook (spec §2, §6; ADR 0025). */
export function JobDetailActions({
  job,
  onMessage,
  onNotes,
  onRefund,
  onPartialRefund,
}: {
  job: OrderDetailWire;
  onMessage: () => void;
  onNotes: () => void;
  onRefund: () => void;
  /** Items or an amount (ADR 0033); a job that can only be voided has none. */
  onPartialRefund?: () => void;
}) {
  const decide = useJobRules();
  const [shipping, setShipping] = useState<"create" | "manual" | null>(null);
  const [printing, setPrinting] = useState(false);
  const link = (label: string, href: string, disabled = false) => (
    <Button
      size="xs"
      variant="default"
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      disabled={disabled}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" data-testid="job-actions">
      {shipping === "create" && <CreateShippingOrderModal job={job} onClose={() => setShipping(null)} />}
      {shipping === "manual" && <ManualTrackingModal job={job} onClose={() => setShipping(null)} />}
      <RuleGate verdict={decide("ship_aupost", job)}>
        {(disabled) => (
          <Button size="xs" variant="filled" disabled={disabled} onClick={() => setShipping("create")}>
            Create Shipping Order
          </Button>
        )}
      </RuleGate>
      <RuleGate verdict={decide("ship_manual", job)}>
        {(disabled) => (
          <Button size="xs" variant="filled" disabled={disabled} onClick={() => setShipping("manual")}>
            Enter Tracking
          </Button>
        )}
      </RuleGate>
      <RuleGate verdict={decide("print_tray_label", job)}>
        {(disabled) => (
          <Button size="xs" variant="default" disabled={disabled} onClick={() => setPrinting(true)}>
            Print
          </Button>
        )}
      </RuleGate>
      {printing && <PrintLabelsModal job={job} onClose={() => setPrinting(false)} />}
      <CopyLinkButton path={`/jobs/${encodeURIComponent(job.vend_invoice_number)}`} />
      {link("View in classic app", classicAppUrl(job.id))}
      {job.customer_id ? link("View Profile", customerProfilePath(job)) : null}
      {job.vend_base_url &&
        link(
          "View Invoice in the point-of-sale system",
          posInvoiceUrl(job.vend_base_url, job.vend_invoice_number),
        )}
      <RuleGate verdict={decide("refund", job)}>
        {(disabled) => (
          <Button size="xs" variant="light" color="red" disabled={disabled} onClick={onRefund}>
            {job.refund_type === "void" ? "Void" : "Refund"}
          </Button>
        )}
      </RuleGate>
      {onPartialRefund && job.refund_type !== "void" && (
        <RuleGate verdict={decide("refund", job)}>
          {(disabled) => (
            <Button size="xs" variant="light" color="red" disabled={disabled} onClick={onPartialRefund}>
              Partial refund
            </Button>
          )}
        </RuleGate>
      )}
      <Button size="xs" variant="light" onClick={onMessage}>
        Send a Message
      </Button>
      <Button size="xs" variant="light" onClick={onNotes}>
        Notes ({job.notes_count})
      </Button>
    </Group>
  );
}
