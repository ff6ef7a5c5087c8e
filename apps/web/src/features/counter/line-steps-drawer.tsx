import { getCatalogueProduct, type QuoteLineSelection } from "@loupe/contract";
import { Button, Drawer, Group, Loader, NumberInput, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callEndpoint } from "../../lib/api-client";
import { formatMoney } from "../../lib/format";
import { SelectionSteps } from "../job-edit/selection-steps";
import type { CatalogueProduct } from "./catalogue-api";
import { productLine } from "./counter-rules";

/** One product (a line's, to open its steps again), retired or not. */
const useCatalogueProduct = (id: number | null) =>
  useQuery({
    queryKey: ["catalogue", "product", id],
    enabled: id != null,
    queryFn: async () => (await callEndpoint(getCatalogueProduct, { params: { id: id! } })).data,
  });

/**
 * A spectacle (or contact lens) product on its way to the quote: the job edit's own steps choose
 * the frame, the prescription (the customer's newest first), the PD and the lenses, with the same
 * rules; the summary's button puts it on the quote. Reopened from a line, it starts from the
 * line's choice and replaces it.
 */
export function LineStepsDrawer(props: {
  product: CatalogueProduct | { id: number };
  customerId: number | null;
  currency: string;
  initial?: QuoteLineSelection | null;
  quantity?: number;
  busy: boolean;
  onClose: () => void;
  onDone: (selection: QuoteLineSelection, quantity: number) => void;
}) {
  // A line knows its product's id only: its facts (lens type, prescription) come from the catalogue.
  const known = "name" in props.product ? props.product : null;
  const fetched = useCatalogueProduct(known ? null : props.product.id);
  const product = known ?? fetched.data ?? null;
  const [quantity, setQuantity] = useState<number | string>(props.quantity ?? 1);
  const q = Number(quantity);
  const quantityOk = Number.isInteger(q) && q >= 1 && q <= 999;
  return (
    <Drawer
      opened
      onClose={props.onClose}
      position="right"
      size="xl"
      title={
        product ? (
          <Stack gap={0} data-testid="line-steps-header">
            <Title order={4}>{product.name}</Title>
            <Text size="sm">
              {productLine(product)} · {formatMoney(product.price_minor / 100, props.currency)}
            </Text>
          </Stack>
        ) : (
          "Loading…"
        )
      }
    >
      {!product ? (
        <Loader size="sm" />
      ) : (
        <SelectionSteps
          product={{
            regionProductId: product.id,
            lensesType: product.lenses_type,
            requiresPrescription: product.requires_prescription,
            parentTypeKey: product.parent_type_key,
          }}
          customerId={props.customerId}
          currency={props.currency}
          initial={props.initial ? { ...props.initial, revision: 0 } : null}
          initialStep={props.initial ? 5 : undefined}
          preselectLatestRx={!props.initial}
          footer={({ selection, errors }) => (
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <NumberInput
                label="Quantity"
                w={100}
                min={1}
                max={999}
                allowDecimal={false}
                allowNegative={false}
                value={quantity}
                onChange={setQuantity}
                error={quantityOk ? undefined : "The quantity must be between 1 and 999."}
              />
              <Group gap="xs">
                <Button variant="default" onClick={props.onClose}>
                  Cancel
                </Button>
                <Button
                  loading={props.busy}
                  disabled={Object.keys(errors).length > 0 || !quantityOk}
                  onClick={() => {
                    const { revision: _revision, ...choice } = selection;
                    props.onDone(choice, q);
                  }}
                >
                  {props.initial ? "Save line" : "Add to quote"}
                </Button>
              </Group>
            </Group>
          )}
        />
      )}
    </Drawer>
  );
}
