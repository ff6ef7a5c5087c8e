import type { OrderDetailWire } from "@loupe/contract";
import { CUSTOMER_CHANGED_NOTICE, REFUNDED_QUANTITY, reentryItemsText } from "@loupe/domain";
import { Alert, Text } from "@mantine/core";

/**
 * The spec's customer-change notice (§8), kept on the job, not in a toast that fades: it stays
 * while any item waits for its prescription, PD and lenses (issue 24), and names those items as
 * the timeline does ("Item 1" is the first item of the job).
 */
export function PrescriptionReentryNotice({ job }: { job: OrderDetailWire }) {
  if (!job.prescription_reentry_required) return null;
  const items = job.items
    .map((item, i) => ({ item, position: i + 1 }))
    .filter(({ item }) => item.prescription_reentry_required && item.quantity !== REFUNDED_QUANTITY)
    .map(({ item, position }) => ({ position, name: item.region_product.product.name }));
  return (
    <Alert
      color="orange"
      variant="light"
      title="Prescriptions to re-enter"
      data-testid="prescription-reentry-notice"
    >
      <Text size="sm">{CUSTOMER_CHANGED_NOTICE}</Text>
      <Text size="sm" fw={600} mt={4} data-testid="prescription-reentry-items">
        Items to edit: {reentryItemsText(items)}
      </Text>
    </Alert>
  );
}
