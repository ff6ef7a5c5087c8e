import type { OrderItemWire } from "@loupe/contract";
import {
  type ContactLensChoice,
  contactLensLine,
  hasJobSelection,
  isGlassItem,
  isItemConfirmed,
  isRefundedItem,
} from "@loupe/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { formatMoney } from "../../../lib/format";
import { CommentsModal } from "../../customer-actions/comments-modal";
import { LensOrderState } from "../../lens-orders/lens-order-state";
import type { ItemGroup } from "../api/jobs-queries";
import type { DecideJob } from "../use-job-rules";
import { ItemStatusSelect } from "./item-status-select";
import { RuleGate } from "./rule-gate";
import { StatusBadge } from "./status-badge";

/** What a contact-lens item's saved selection recorded (brand, base curve, diameter, power), if any. */
const contactLens = (item: OrderItemWire) =>
  ((item.additional_info?.data as { contact_lens?: ContactLensChoice | null } | undefined)?.contact_lens ??
    null) as ContactLensChoice | null;

/** One item group (a set, a pair, or the job's ungrouped items) with select boxes for the batch footer. */
/**
 * Columns size to their content (a fixed width per column left the product about 60 px at
 * 1280 px, four lines for a name): every column but Product takes what its content needs on one
 * line, and Product takes the rest, never less than this.
 */
const hug = { width: "1%", whiteSpace: "nowrap" } as const;
// A badge or button may shrink inside a flex row (it clips its text): a row of them keeps its width.
const unshrunk = { minWidth: "max-content" } as const;
const PRODUCT_MIN_WIDTH = 200;

export function JobItemsTable(props: {
  group: ItemGroup;
  /** The rulebook for this job: which of the item's controls to show, disable or hide. */
  decide: (action: Parameters<DecideJob>[0], item: OrderItemWire) => ReturnType<DecideJob>;
  selected: Set<number>;
  onToggle: (itemIds: number[], on: boolean) => void;
  /** Opens the job edit panel for an item (frame, prescription, PD, lenses). */
  onEditSelection?: (item: OrderItemWire) => void;
  /** Opens Order Lenses for an item with prescription lenses. */
  onOrderLenses?: (item: OrderItemWire) => void;
  /** The job's currency (its region's). */
  currency: string;
}) {
  const { group } = props;
  const [notesFor, setNotesFor] = useState<OrderItemWire | null>(null);
  const row = (item: OrderItemWire) => {
    const refunded = isRefundedItem(item);
    const lens = contactLens(item);
    return (
      <Table.Tr key={item.id} data-testid="job-item">
        <Table.Td style={hug}>
          <Checkbox
            aria-label={`Select item ${item.id}`}
            disabled={refunded}
            checked={props.selected.has(item.id)}
            onChange={(e) => props.onToggle([item.id], e.currentTarget.checked)}
          />
        </Table.Td>
        <Table.Td style={hug}>{item.id}</Table.Td>
        <Table.Td>
          <Text size="sm" miw={PRODUCT_MIN_WIDTH} data-testid="item-product-name">
            {item.region_product.product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {item.region_product.parent_type.key}
            {item.region_product.lenses_type ? ` · ${item.region_product.lenses_type}` : ""}
            {item.delivery_type_id === 1 ? " · store pickup" : ""}
          </Text>
          {lens && (
            <Text size="xs" data-testid="item-contact-lens">
              {contactLensLine(lens)}
            </Text>
          )}
        </Table.Td>
        <Table.Td style={hug}>
          {!refunded && props.onEditSelection && hasJobSelection(item.region_product.parent_type.key) && (
            // Badge over button, as the lens order's state over its button: the row stays narrow.
            <Stack gap={4} align="flex-start" style={unshrunk}>
              {item.prescription_reentry_required ? (
                // Short enough to leave Edit Selection whole in the column; the title says it in full.
                <Badge
                  size="xs"
                  color="orange"
                  title="Prescription to be re-entered"
                  data-testid="item-reentry"
                >
                  Re-enter Rx
                </Badge>
              ) : isItemConfirmed(item) ? (
                <Badge size="xs" color="green" data-testid="item-confirmed">
                  Confirmed
                </Badge>
              ) : (
                <Badge size="xs" color="gray" variant="outline" data-testid="item-unconfirmed">
                  Not confirmed
                </Badge>
              )}
              <RuleGate verdict={props.decide("job_edit", item)}>
                {(disabled) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={`Edit Selection of item ${item.id}`}
                    disabled={disabled}
                    onClick={() => props.onEditSelection?.(item)}
                  >
                    Edit Selection
                  </Button>
                )}
              </RuleGate>
            </Stack>
          )}
        </Table.Td>
        <Table.Td style={hug}>
          {!refunded &&
            props.onOrderLenses &&
            isGlassItem(item) &&
            item.region_product.requires_prescription && (
              <Stack gap={4} align="flex-start" style={unshrunk}>
                {item.lens_order && (
                  <LensOrderState
                    itemId={item.id}
                    order={item.lens_order}
                    cancel={props.decide("cancel_lens_order", item)}
                    resend={props.decide("update_lens_order", item)}
                  />
                )}
                <RuleGate verdict={props.decide("order_lenses", item)}>
                  {(disabled) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={`Order Lenses for item ${item.id}`}
                      disabled={disabled}
                      onClick={() => props.onOrderLenses?.(item)}
                    >
                      Order Lenses
                    </Button>
                  )}
                </RuleGate>
              </Stack>
            )}
        </Table.Td>
        <Table.Td style={hug}>{item.outlet.abbreviation}</Table.Td>
        <Table.Td style={hug}>{formatMoney(item.total_amount, props.currency)}</Table.Td>
        <Table.Td style={hug}>
          {refunded ? (
            // A voided job's items are at quantity −1 too, but say what happened to them.
            item.dispense_status.slug === "voided" ? (
              <StatusBadge slug="voided" label="Voided" />
            ) : (
              <StatusBadge slug="refunded" label="Refunded" />
            )
          ) : (
            <Group gap="xs" wrap="nowrap" style={unshrunk}>
              <StatusBadge slug={item.dispense_status.slug} label={item.dispense_status.display_name} />
              <RuleGate verdict={props.decide("item_status", item)}>
                {(disabled) => <ItemStatusSelect item={item} disabled={disabled} />}
              </RuleGate>
            </Group>
          )}
        </Table.Td>
        <Table.Td style={hug}>
          <ActionIcon
            variant="subtle"
            aria-label={`Comments on item ${item.id}`}
            onClick={() => setNotesFor(item)}
          >
            <IconMessage size={16} />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
    );
  };
  const selectable = group.order_items.filter((i) => !isRefundedItem(i)).map((i) => i.id);
  const allOn = selectable.length > 0 && selectable.every((id) => props.selected.has(id));
  return (
    <Stack gap={4} data-testid="item-group">
      <Group gap="xs">
        <Checkbox
          size="xs"
          aria-label={`Select all items of ${group.name}`}
          disabled={selectable.length === 0}
          checked={allOn}
          indeterminate={!allOn && selectable.some((id) => props.selected.has(id))}
          onChange={() => props.onToggle(selectable, !allOn)}
        />
        <Text size="sm" fw={600}>
          {group.name}
        </Text>
        <Badge size="xs" variant="outline">
          {group.type}
        </Badge>
      </Group>
      <Table withTableBorder fz="sm" bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={hug}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th style={hug}>Item ID</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th style={hug}>Selection</Table.Th>
            <Table.Th style={hug}>Lens order</Table.Th>
            <Table.Th style={hug}>Outlet</Table.Th>
            <Table.Th style={hug}>Total ({props.currency})</Table.Th>
            <Table.Th style={hug}>Status</Table.Th>
            <Table.Th style={hug}>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{group.order_items.map(row)}</Table.Tbody>
      </Table>
      {notesFor && (
        <CommentsModal
          target={{ orderItemId: notesFor.id }}
          title={`Notes for item ${notesFor.id}`}
          onClose={() => setNotesFor(null)}
        />
      )}
    </Stack>
  );
}
