import type { IntakeSaleWire } from "@loupe/contract";
import { EXACT_TIME_DISPLAY_FORMAT } from "@loupe/domain";
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { formatMoney } from "../../../lib/format";
import { RuleGate } from "../../jobs/components/rule-gate";
import { useFormatDateTime } from "../../reference/use-date-format";
import { REASON_LABELS, SOURCE_LABELS, W } from "../intake-words";
import type { DecideIntake } from "../use-intake-rule";
import { JobLink } from "./job-link";

export type SaleAction = "customer" | "outlet" | "retry";

/**
 * Sales from the point of sale and the web shop, one card each (readable at a phone's width): a
 * waiting one says why in plain words and offers the one action that resolves it; a done one links
 * to its job.
 */
export function SalesList({
  rows,
  loading,
  error,
  onRetryLoad,
  emptyText,
  label,
  regionOf,
  decide,
  busy,
  onAction,
}: {
  rows: IntakeSaleWire[];
  loading: boolean;
  error: unknown;
  onRetryLoad: () => void;
  emptyText: string;
  label: string;
  regionOf: (storeKey: string) => number | null;
  decide: DecideIntake;
  /** The sale whose "Try again" is in flight. */
  busy: number | null;
  onAction: (sale: IntakeSaleWire, action: SaleAction) => void;
}) {
  const formatWhen = useFormatDateTime(EXACT_TIME_DISPLAY_FORMAT);
  if (error) return <ErrorState error={error} onRetry={onRetryLoad} />;
  if (loading)
    return (
      <Stack gap="xs">
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
    );
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {emptyText}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={label}>
      {rows.map((sale) => {
        const verdict = decide("intake_resolve", regionOf(sale.store_key));
        return (
          <Paper key={sale.id} withBorder p="sm" component="li" data-testid="intake-sale">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {W.invoice(sale.invoice_number)}
                  </Text>
                  <Badge variant="light" color="gray" size="sm">
                    {SOURCE_LABELS[sale.source]}
                  </Badge>
                  {sale.reason_code && (
                    <Badge variant="light" color="orange" size="sm" data-testid="intake-reason-code">
                      {REASON_LABELS[sale.reason_code]}
                    </Badge>
                  )}
                </Group>
                {sale.reason && (
                  <Text size="sm" data-testid="intake-reason">
                    {sale.reason}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {W.customer}: {sale.customer_name ?? W.guest} · {W.total}:{" "}
                  {formatMoney(sale.total, sale.currency)} · {W.received} {formatWhen(sale.received_at)}
                </Text>
              </Stack>
              <Group gap="xs" justify="flex-end">
                {sale.state === "done" && sale.order_id !== null && (
                  <JobLink orderId={sale.order_id} invoice={sale.invoice_number} />
                )}
                {sale.state === "waiting" && sale.reason_code === "unknown_sku" && (
                  <Anchor component={Link} to="/settings/catalogue" size="sm">
                    {W.openCatalogue}
                  </Anchor>
                )}
                {sale.state === "waiting" && sale.reason_code && (
                  <RuleGate verdict={verdict}>
                    {(disabled) => (
                      <ActionButton sale={sale} disabled={disabled} busy={busy} onAction={onAction} />
                    )}
                  </RuleGate>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

function ActionButton({
  sale,
  disabled,
  busy,
  onAction,
}: {
  sale: IntakeSaleWire;
  disabled: boolean;
  busy: number | null;
  onAction: (sale: IntakeSaleWire, action: SaleAction) => void;
}) {
  if (sale.reason_code === "needs_customer")
    return (
      <Button
        size="xs"
        disabled={disabled}
        aria-label={W.pickCustomerFor(sale.invoice_number)}
        onClick={() => onAction(sale, "customer")}
      >
        {W.pickCustomer}
      </Button>
    );
  if (sale.reason_code === "unknown_outlet")
    return (
      <Button
        size="xs"
        disabled={disabled}
        aria-label={W.pickOutletFor(sale.invoice_number)}
        onClick={() => onAction(sale, "outlet")}
      >
        {W.pickOutlet}
      </Button>
    );
  return (
    <Button
      size="xs"
      variant="light"
      disabled={disabled}
      loading={busy === sale.id}
      aria-label={W.tryAgainFor(sale.invoice_number)}
      onClick={() => onAction(sale, "retry")}
    >
      {W.tryAgain}
    </Button>
  );
}
