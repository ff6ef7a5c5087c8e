import type { OrderItemWire } from "@loupe/contract";
import { allGlassItemsConfirmed, currencyForCountry } from "@loupe/domain";
import { Anchor, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { CommentsModal } from "../../customer-actions/comments-modal";
import { MessageModal } from "../../customer-actions/message-modal";
import { DocketPrompt } from "../../job-edit/docket-prompt";
import { JobEditPanel } from "../../job-edit/job-edit-panel";
import { OrderLensesModal } from "../../lens-orders/order-lenses-modal";
import { JobCustomerMessages } from "../../ready-messages/components/job-customer-messages";
import { useJob } from "../api/jobs-queries";
import { useJobRules } from "../use-job-rules";
import { JobTimeline } from "./actions/job-timeline";
import { PartialRefundModal } from "./actions/partial-refund-modal";
import { RefundModal } from "./actions/refund-modal";
import { JobDetailActions } from "./job-detail-actions";
import { JobItemsTable } from "./job-items-table";
import { JobPaymentsPanel } from "./job-payments-panel";
import { PrescriptionReentryNotice } from "./prescription-reentry-notice";
import { PromisedDateForm } from "./promised-date-form";
import { ShippingDetail } from "./shipping-detail";

/** The expanded job (spec §2): its item groups, notes, shipping detail and buttons. */
export function JobDetail(props: {
  jobId: number;
  selected: Set<number>;
  onToggle: (itemIds: number[], on: boolean) => void;
}) {
  const { data: job, isLoading, error, refetch } = useJob(props.jobId);
  const [editing, setEditing] = useState<OrderItemWire | null>(null);
  const [ordering, setOrdering] = useState<OrderItemWire | null>(null);
  const [docket, setDocket] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [refundingPart, setRefundingPart] = useState(false);
  const decide = useJobRules();
  if (error) return <Text c="red">Could not load the job.</Text>;
  if (isLoading || !job) return <Loader size="sm" />;
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const billing = job.order_billing;
  // The address parts in postal order (the stored record's key order is not).
  const address = ["address1", "address2", "suburb", "city", "state", "postcode", "country"]
    .map((k) => billing.billing_address?.[k])
    .filter(Boolean)
    .join(", ");
  return (
    <Stack gap="sm" data-testid="job-detail">
      <PrescriptionReentryNotice job={job} />
      <PromisedDateForm job={job} />
      {job.groups.map((g) => (
        <JobItemsTable
          key={g.id}
          group={g}
          decide={(action, item) => decide(action, job, item)}
          selected={props.selected}
          onToggle={props.onToggle}
          onEditSelection={setEditing}
          onOrderLenses={setOrdering}
          currency={currency}
        />
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ShippingDetail job={job} address={address} />
        <JobPaymentsPanel job={job} />
      </SimpleGrid>
      {job.related_orders.length > 0 && (
        <Group gap="xs" data-testid="related-orders">
          <Text size="sm" fw={600}>
            Related jobs:
          </Text>
          {job.related_orders.map((r) => (
            <Anchor
              key={r.id}
              component={Link}
              size="sm"
              to={`/jobs?q=${encodeURIComponent(r.vend_invoice_number || r.uid)}`}
            >
              {r.vend_invoice_number || r.uid}
            </Anchor>
          ))}
        </Group>
      )}
      <JobDetailActions
        job={job}
        onMessage={() => setMessaging(true)}
        onNotes={() => setNotesOpen(true)}
        onRefund={() => setRefunding(true)}
        onPartialRefund={() => setRefundingPart(true)}
      />
      <JobCustomerMessages jobId={job.id} />
      <JobTimeline jobId={job.id} />
      {refunding && <RefundModal job={job} onClose={() => setRefunding(false)} />}
      {refundingPart && <PartialRefundModal job={job} onClose={() => setRefundingPart(false)} />}
      {notesOpen && (
        <CommentsModal
          target={{ orderId: job.id }}
          title={`Notes for ${job.vend_invoice_number}`}
          onClose={() => setNotesOpen(false)}
        />
      )}
      {editing && (
        <JobEditPanel
          job={job}
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            // Once every glasses or lenses-only item is confirmed, offer the job docket (spec §4).
            const fresh = (await refetch()).data;
            if (fresh && allGlassItemsConfirmed(fresh.items)) setDocket(true);
          }}
        />
      )}
      {ordering && <OrderLensesModal job={job} item={ordering} onClose={() => setOrdering(null)} />}
      {docket && <DocketPrompt jobId={job.id} onClose={() => setDocket(false)} />}
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
