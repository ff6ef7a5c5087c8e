import type { OrderItemWire } from "@loupe/contract";
import { nextSelectableStatus, STATUS_CHANGED_MESSAGE } from "@loupe/domain";
import { Badge, Button, Checkbox, Group, Loader, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { MessageModal } from "../../customer-actions/message-modal";
import { useStatuses } from "../../reference/use-reference-data";
import { useJob, useJobMutations } from "../api";
import { StatusBadge } from "./status-badge";

/** The expanded job: its items with their status dropdowns and select boxes for the batch footer. */
export function JobDetail(props: {
  jobId: number;
  selected: Set<number>;
  onToggle: (itemId: number) => void;
}) {
  const { data: job, isLoading } = useJob(props.jobId);
  const { data: statuses } = useStatuses();
  const { setItemStatus } = useJobMutations();
  const { showAlert } = useAlert();
  const [messaging, setMessaging] = useState(false);
  if (isLoading || !job) return <Loader size="sm" />;
  const cancelled = job.dispense_status.slug === "cancelled";
  const itemStatuses = statuses?.item ?? [];
  const options = (item: OrderItemWire) => {
    const next = nextSelectableStatus(itemStatuses, item.dispense_status_id);
    return [
      ...(next ? [{ value: `next:${next.id}`, label: `Move to next: ${next.display_name}` }] : []),
      ...itemStatuses
        .filter((s) => s.selectable)
        .map((s) => ({ value: String(s.id), label: s.display_name })),
    ];
  };
  const change = async (item: OrderItemWire, value: string | null) => {
    if (!value) return;
    const statusId = Number(value.replace("next:", ""));
    try {
      await setItemStatus.mutateAsync({ itemId: item.id, statusId });
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const row = (item: OrderItemWire) => (
    <Table.Tr key={item.id} data-testid="job-item">
      <Table.Td>
        <Checkbox
          aria-label={`Select item ${item.id}`}
          checked={props.selected.has(item.id)}
          onChange={() => props.onToggle(item.id)}
        />
      </Table.Td>
      <Table.Td>{item.id}</Table.Td>
      <Table.Td>{item.region_product.product.name}</Table.Td>
      <Table.Td>{item.outlet.abbreviation}</Table.Td>
      <Table.Td>${item.total_amount.toFixed(2)}</Table.Td>
      <Table.Td>
        {item.quantity === -1 ? (
          <StatusBadge slug="refunded" label="Refunded" />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <StatusBadge slug={item.dispense_status.slug} label={item.dispense_status.display_name} />
            <Select
              size="xs"
              w={220}
              aria-label={`Item ${item.id} status`}
              placeholder="Change status"
              disabled={cancelled}
              data={options(item)}
              value={null}
              onChange={(v) => change(item, v)}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      {job.item_groups.map((g) => (
        <Text key={g.id} size="sm" fw={600}>
          {g.name} <Badge size="xs">{g.type}</Badge>
        </Text>
      ))}
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Item</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{job.items.map(row)}</Table.Tbody>
      </Table>
      <Group gap="xs">
        <Text size="sm">
          Shipping:{" "}
          {job.shipment_status === "created"
            ? `${job.shipment_company ?? "Created"} ${job.shipment_tracking_id ?? ""}`
            : "Not created"}
        </Text>
        <Button size="xs" variant="default" onClick={() => setMessaging(true)}>
          Send a Message
        </Button>
        <Button size="xs" variant="default" disabled title="Arrives with the shipping issue">
          Create Shipping Order
        </Button>
        <Button size="xs" variant="default" disabled title="Arrives with the job-actions issue">
          {job.refund_type === "void" ? "Void" : "Refund"}
        </Button>
      </Group>
      {messaging && (
        <MessageModal
          order={job}
          customer={{
            first_name: job.order_billing.customer_first_name,
            last_name: job.order_billing.customer_last_name,
            full_name:
              `${job.order_billing.customer_first_name} ${job.order_billing.customer_last_name}`.trim(),
            mobile: job.order_billing.customer_mobile,
            email: job.order_billing.customer_email,
          }}
          onClose={() => setMessaging(false)}
        />
      )}
    </Stack>
  );
}
