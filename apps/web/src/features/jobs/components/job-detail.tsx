import { currencyForCountry } from "@loupe/domain";
import { Loader, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../lib/format";
import { CommentsModal } from "../../customer-actions/comments-modal";
import { MessageModal } from "../../customer-actions/message-modal";
import { useJob } from "../api/jobs-queries";
import { JobDetailActions } from "./job-detail-actions";
import { JobItemsTable } from "./job-items-table";

/** The expanded job (spec §2): its item groups, notes, shipping detail and buttons. */
export function JobDetail(props: {
  jobId: number;
  selected: Set<number>;
  onToggle: (itemIds: number[], on: boolean) => void;
}) {
  const { data: job, isLoading, error } = useJob(props.jobId);
  const [messaging, setMessaging] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  if (error) return <Text c="red">Could not load the job.</Text>;
  if (isLoading || !job) return <Loader size="sm" />;
  const cancelled = job.dispense_status.slug === "cancelled";
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const billing = job.order_billing;
  // The address parts in postal order (the stored record's key order is not).
  const address = ["address1", "address2", "suburb", "city", "state", "postcode", "country"]
    .map((k) => billing.billing_address?.[k])
    .filter(Boolean)
    .join(", ");
  return (
    <Stack gap="sm" data-testid="job-detail">
      {job.groups.map((g) => (
        <JobItemsTable
          key={g.id}
          group={g}
          cancelled={cancelled}
          selected={props.selected}
          onToggle={props.onToggle}
          currency={currency}
        />
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="xs" bg="white">
          <Text size="sm" fw={600} mb={4}>
            Shipping detail
          </Text>
          <Text size="sm">
            Status: {job.shipment_status === "created" ? "Created" : "Not created"}
            {job.shipment_company ? ` · ${job.shipment_company}` : ""}
            {job.shipment_tracking_id ? ` · ${job.shipment_tracking_id}` : ""}
          </Text>
          {address && <Text size="sm">Address: {address}</Text>}
        </Paper>
        <Paper withBorder p="xs" bg="white">
          <Text size="sm" fw={600}>
            Payments
          </Text>
          {job.payments.length === 0 && (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
          {job.payments.map((p, i) => (
            // Payments have no id on the wire; their order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Text key={i} size="sm">
              {p.historical_payment_type_name}: {formatMoney(p.amount, currency)}
            </Text>
          ))}
        </Paper>
      </SimpleGrid>
      <JobDetailActions job={job} onMessage={() => setMessaging(true)} onNotes={() => setNotesOpen(true)} />
      {notesOpen && (
        <CommentsModal
          target={{ orderId: job.id }}
          title={`Notes for ${job.vend_invoice_number}`}
          onClose={() => setNotesOpen(false)}
        />
      )}
      {messaging && (
        <MessageModal
          order={job}
          customer={{
            id: job.customer_id ?? undefined,
            first_name: billing.customer_first_name,
            last_name: billing.customer_last_name,
            full_name: `${billing.customer_first_name} ${billing.customer_last_name}`.trim(),
            mobile: billing.customer_mobile,
            email: billing.customer_email,
          }}
          onClose={() => setMessaging(false)}
        />
      )}
    </Stack>
  );
}
