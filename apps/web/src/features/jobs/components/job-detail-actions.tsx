import type { OrderDetailWire } from "@loupe/contract";
import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { appConfig } from "../../../lib/config";
import { PrintLabelsModal } from "../../printing/print-labels-modal";
import { useCurrentOutlet, useRegions } from "../../reference/use-reference-data";
import { CreateShippingOrderModal } from "./create-shipping-order-modal";
import { ManualTrackingModal } from "./manual-tracking-modal";

/** Where the job's invoice lives in the point-of-sale system (online orders have none). */
export const posInvoiceUrl = (vendBaseUrl: string, invoice: string) =>
  `${vendBaseUrl.replace(/\/$/, "")}/sales?invoice=${encodeURIComponent(invoice)}`;

export const classicAppUrl = (jobId: number) => `${appConfig.classicAppUrl.replace(/\/$/, "")}/jobs/${jobId}`;

/** The customer's own record, by id and expanded: a namesake can never be opened instead. */
export const customerProfilePath = (job: { customer_id: number | null }) =>
  `/customers?customer_id=${job.customer_id}`;

/** The expanded job's buttons, each shown by the spec's rule (§2, §6). */
export function JobDetailActions({
  job,
  onMessage,
  onNotes,
  onRefund,
}: {
  job: OrderDetailWire;
  onMessage: () => void;
  onNotes: () => void;
  onRefund: () => void;
}) {
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  const country = regions.find((r) => r.id === outlet?.region_id)?.country_code;
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
      {country === "AU" && job.shipment_status === "not_created" && (
        <Button size="xs" variant="filled" onClick={() => setShipping("create")}>
          Create Shipping Order
        </Button>
      )}
      {country === "CA" && job.shipment_status === "not_created" && (
        <Button size="xs" variant="filled" onClick={() => setShipping("manual")}>
          Enter Tracking
        </Button>
      )}
      <Button size="xs" variant="default" onClick={() => setPrinting(true)}>
        Print
      </Button>
      {printing && <PrintLabelsModal job={job} onClose={() => setPrinting(false)} />}
      {link("View in classic app", classicAppUrl(job.id))}
      {job.customer_id ? link("View Profile", customerProfilePath(job)) : null}
      {job.vend_base_url &&
        link(
          "View Invoice in the point-of-sale system",
          posInvoiceUrl(job.vend_base_url, job.vend_invoice_number),
        )}
      {job.is_refundable && (
        <Button size="xs" variant="light" color="red" onClick={onRefund}>
          {job.refund_type === "void" ? "Void" : "Refund"}
        </Button>
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
