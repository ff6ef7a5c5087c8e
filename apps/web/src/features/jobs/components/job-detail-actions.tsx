import type { OrderDetailWire } from "@loupe/contract";
import { Button, Group, Tooltip } from "@mantine/core";
import { appConfig } from "../../../lib/config";
import { useCurrentOutlet, useRegions } from "../../reference/use-reference-data";

const LATER = "Not available yet";

/** A button whose flow is not built yet: shown where the spec puts it, disabled, with a tooltip. */
function LaterButton({ label }: { label: string }) {
  return (
    <Tooltip label={LATER} withArrow>
      {/* A disabled button swallows hover, so the tooltip sits on a wrapper. */}
      <span>
        <Button size="xs" variant="default" disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

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
}: {
  job: OrderDetailWire;
  onMessage: () => void;
  onNotes: () => void;
}) {
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  const country = regions.find((r) => r.id === outlet?.region_id)?.country_code;
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
      {country === "AU" && job.shipment_status === "not_created" && (
        <LaterButton label="Create Shipping Order" />
      )}
      <LaterButton label="Print" />
      {link("View in classic app", classicAppUrl(job.id))}
      {job.customer_id ? link("View Profile", customerProfilePath(job)) : null}
      {job.vend_base_url &&
        link(
          "View Invoice in the point-of-sale system",
          posInvoiceUrl(job.vend_base_url, job.vend_invoice_number),
        )}
      {job.is_refundable && <LaterButton label={job.refund_type === "void" ? "Void" : "Refund"} />}
      <Button size="xs" variant="light" onClick={onMessage}>
        Send a Message
      </Button>
      <Button size="xs" variant="light" onClick={onNotes}>
        Notes ({job.notes_count})
      </Button>
    </Group>
  );
}
