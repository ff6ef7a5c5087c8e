import type { QuoteLineWire, QuoteWire } from "@loupe/contract";
import { ActionIcon, Anchor, Badge, Divider, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { NumericInput } from "../../components/numeric-input";
import { formatMoney } from "../../lib/format";

/** A spectacle line's choice as quoted, in a line: lens, prescription purpose, frame size. */
export function selectionLine(line: QuoteLineWire): string | null {
  const s = line.selection;
  if (!s) return null;
  const parts: string[] = [];
  if (s.lens) parts.push(s.lens.name);
  const rx = s.prescription as {
    standardised_prescription_display_array?: { right?: string; left?: string };
  } | null;
  const d = rx?.standardised_prescription_display_array;
  if (d) parts.push(`Rx R ${d.right ?? "—"} · L ${d.left ?? "—"}`);
  else if (s.choice.prescription?.id) parts.push(`Rx #${s.choice.prescription.id}`);
  if (s.choice.prescription?.type) parts.push(s.choice.prescription.type);
  const pd = s.pd as { binocular_dist_pd?: number | null } | null;
  if (pd?.binocular_dist_pd != null) parts.push(`PD ${pd.binocular_dist_pd}`);
  else if (s.choice.pdId) parts.push(`PD #${s.choice.pdId}`);
  return parts.join(" · ");
}

/**
 * The quote's lines as cards (they wrap at a phone's width instead of scrolling sideways): name,
 * what was chosen, quantity, discount and the line's total as the server priced it.
 */
export function QuoteLines(props: {
  quote: QuoteWire;
  editable: boolean;
  busy: boolean;
  onQuantity: (line: QuoteLineWire, quantity: number) => void;
  onDiscount: (line: QuoteLineWire) => void;
  onSelection: (line: QuoteLineWire) => void;
  onRemove: (line: QuoteLineWire) => void;
}) {
  const { quote } = props;
  const fmt = (minor: number) => formatMoney(minor / 100, quote.currency);
  if (!quote.lines.length)
    return (
      <Text size="sm" c="dimmed">
        No items yet: scan a frame's barcode or find a product.
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="quote-lines">
      {quote.lines.map((line) => (
        <Paper key={line.id} withBorder p="sm" data-testid="quote-line">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ flex: "1 1 220px", minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600}>{line.name}</Text>
                {line.kind && (
                  <Badge size="xs" variant="light">
                    {line.kind.replace("_", " ")}
                  </Badge>
                )}
              </Group>
              {selectionLine(line) && (
                <Text size="xs" c="dimmed" data-testid="line-selection">
                  {selectionLine(line)}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {fmt(line.unit_price_minor)} each
                {line.selection?.lens?.price_minor ? ` (lens +${fmt(line.selection.lens.price_minor)})` : ""}
                {line.discount_minor > 0 ? ` · discount ${fmt(line.discount_minor)}` : ""}
                {line.approved_by ? ` · approved by ${line.approved_by.full_name}` : ""}
              </Text>
              {props.editable && (
                <Group gap="sm">
                  <Anchor component="button" size="sm" onClick={() => props.onDiscount(line)}>
                    Discount
                  </Anchor>
                  {line.selection && (
                    <Anchor component="button" size="sm" onClick={() => props.onSelection(line)}>
                      Change lenses
                    </Anchor>
                  )}
                </Group>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap" align="center">
              {props.editable ? (
                <QuantityInput
                  key={`${line.id}:${line.quantity}`}
                  line={line}
                  disabled={props.busy}
                  onCommit={(q) => props.onQuantity(line, q)}
                />
              ) : (
                <Text size="sm">× {line.quantity}</Text>
              )}
              <Text fw={600} w={96} ta="right" data-testid="line-total">
                {fmt(line.total_minor)}
              </Text>
              {props.editable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.name}`}
                  disabled={props.busy}
                  onClick={() => props.onRemove(line)}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The quantity, sent when the field is left or Enter is pressed (not on every keystroke). */
function QuantityInput(props: { line: QuoteLineWire; disabled: boolean; onCommit: (q: number) => void }) {
  const [value, setValue] = useState(String(props.line.quantity));
  const commit = () => {
    const q = Number(value.trim());
    if (/^\d{1,3}$/.test(value.trim()) && q >= 1 && q !== props.line.quantity) props.onCommit(q);
    else setValue(String(props.line.quantity));
  };
  return (
    <NumericInput
      aria-label={`Quantity of ${props.line.name}`}
      w={64}
      inputMode="numeric"
      value={value}
      disabled={props.disabled}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}

/** The totals as the server priced them: subtotal, discounts, each tax of the outlet, total. */
export function QuoteTotals({ quote }: { quote: QuoteWire }) {
  const fmt = (minor: number) => formatMoney(minor / 100, quote.currency);
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? "lg" : "sm"} fw={strong ? 700 : 400} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} data-testid="quote-totals" maw={420} ml="auto" w="100%">
      {row("Subtotal", fmt(quote.subtotal_minor))}
      {quote.discount_minor > 0 && row("Discounts", `−${fmt(quote.discount_minor)}`)}
      {quote.taxes.map((t) =>
        row(
          `${quote.tax_included ? "Includes " : ""}${t.name} ${+(t.rate * 100).toFixed(3)}%`,
          fmt(t.amount_minor),
        ),
      )}
      <Divider />
      {row("Total", fmt(quote.total_minor), true, "quote-total")}
      {quote.total_minor > 0 &&
        row("Minimum deposit", fmt(quote.deposit_minimum_minor), false, "quote-deposit-minimum")}
    </Stack>
  );
}
