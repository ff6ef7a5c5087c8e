import { isSearchTooShort } from "@loupe/domain";
import { Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useRef, useState } from "react";
import { errorText } from "../../lib/errors";
import { formatMoney } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { type CatalogueProduct, productByBarcode, useCatalogueSearch } from "./catalogue-api";
import { productLine } from "./counter-rules";

/**
 * Items from the catalogue (issue 44): a scan field that takes a keyboard-wedge scanner's read
 * (the characters, then Enter) and finds the region's product with that barcode; and a search by
 * name or SKU whose results are buttons, so Tab and Enter choose one as well as a click.
 */
export function ItemPicker(props: {
  regionId: number | null;
  currency: string;
  disabled?: boolean;
  onPick: (product: CatalogueProduct) => void;
}) {
  const [code, setCode] = useState("");
  const [scanError, setScanError] = useState<string | null>(null);
  const [text, setText] = useState("");
  // After a pick the result list goes: the cursor goes back to the search for the next item.
  const searchField = useRef<HTMLInputElement>(null);
  const [q] = useDebouncedValue(text.trim(), 250);
  const search = useCatalogueSearch(q, props.regionId);
  const hits = q && q === text.trim() ? (search.data ?? []) : [];

  const scan = useAction(async (barcode: string) => {
    if (!barcode || props.regionId == null) return;
    setScanError(null);
    try {
      const product = await productByBarcode(barcode, props.regionId);
      if (!product) setScanError(`No product in the catalogue has the barcode ${barcode}.`);
      else if (product.retired_at) setScanError(`${product.name} is retired and cannot be sold.`);
      else props.onPick(product);
    } catch (err) {
      setScanError(errorText(err));
    }
    setCode("");
  });

  return (
    <Stack gap="xs" data-testid="item-picker">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Scan barcode"
          description="Scan the frame's tag, or type its barcode and press Enter."
          value={code}
          disabled={props.disabled}
          autoComplete="off"
          error={scanError}
          rightSection={scan.isPending ? <Loader size="xs" /> : null}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setScanError(null);
          }}
          onKeyDown={(e) => {
            // A scanner ends its read with Enter: that is the cue to look the code up.
            if (e.key === "Enter") {
              e.preventDefault();
              void scan.run(code.trim());
            }
          }}
        />
        <TextInput
          ref={searchField}
          label="Find a product"
          description="Name, SKU or the start of a barcode."
          value={text}
          disabled={props.disabled}
          autoComplete="off"
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </SimpleGrid>
      {q.length > 0 && isSearchTooShort(q) && (
        <Text size="xs" c="dimmed">
          Type 3 characters or more to search the catalogue.
        </Text>
      )}
      {search.error && (
        <Text size="sm" c="red">
          {errorText(search.error)}
        </Text>
      )}
      {hits.length > 0 && (
        <Stack gap={4} role="list" aria-label="Products found">
          {hits.map((p) => (
            <Paper key={p.id} withBorder role="listitem">
              <UnstyledButton
                w="100%"
                p="xs"
                disabled={p.retired_at != null}
                aria-label={`Add ${p.name}`}
                onClick={() => {
                  props.onPick(p);
                  setText("");
                  searchField.current?.focus();
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {productLine(p)}
                    </Text>
                  </Stack>
                  <Text size="sm" style={{ flexShrink: 0 }}>
                    {formatMoney(p.price_minor / 100, props.currency)}
                  </Text>
                </Group>
              </UnstyledButton>
            </Paper>
          ))}
        </Stack>
      )}
      {q && q === text.trim() && !search.isFetching && search.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No product matches “{q}”.
        </Text>
      )}
    </Stack>
  );
}
