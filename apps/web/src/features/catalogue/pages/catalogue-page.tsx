import {
  type CatalogueProductWire,
  listCatalogueProducts,
  restoreCatalogueProduct,
  retireCatalogueProduct,
} from "@loupe/contract";
import {
  isAdmin,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ProductKind,
  TAX_CLASS_LABELS,
} from "@loupe/domain";
import { Anchor, Badge, Button, Checkbox, Group, SimpleGrid, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { type Column, DataTable } from "../../../components/data-table";
import { LazySelect } from "../../../components/lazy-select";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { callEndpoint } from "../../../lib/api-client";
import { formatMoney } from "../../../lib/format";
import { useCurrentUser, useRegions } from "../../reference/use-reference-data";
import { useFailureText } from "../../reference/use-version-conflict";

// The import (file input, report) loads after the list: the list is what the page opens for.
const CatalogueImport = lazy(() =>
  import("../components/catalogue-import").then((m) => ({ default: m.CatalogueImport })),
);
// The form brings the catalogue's rules (zod) and the modal: loaded when Add or Edit is pressed.
const ProductFormModal = lazy(() =>
  import("../components/product-form-modal").then((m) => ({ default: m.ProductFormModal })),
);

const PER_PAGE = 25;
const KEY = ["catalogue", "products"];

/**
 * Settings › Catalogue (issue 44): the products each region sells. Administrators search, add,
 * edit, retire or restore and import; a retired product leaves new quotes but stays on its jobs.
 */
export default function CataloguePage() {
  const { data: me } = useCurrentUser();
  const { data: regions = [] } = useRegions();
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 250);
  const [regionId, setRegionId] = useState<string | null>(null);
  const [kind, setKind] = useState<ProductKind | null>(null);
  const [includeRetired, setIncludeRetired] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ product?: CatalogueProductWire } | null>(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const admin = me ? isAdmin(me) : false;

  const query = {
    q: q || undefined,
    region_id: regionId ? Number(regionId) : undefined,
    kind: kind ?? undefined,
    include_retired: includeRetired ? "true" : undefined,
    page,
    per_page: PER_PAGE,
  };
  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: () => callEndpoint(listCatalogueProducts, { query }),
    placeholderData: keepPreviousData,
    enabled: admin,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const region = (id: number) => regions.find((r) => r.id === id);
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  const toggleRetired = (p: CatalogueProductWire) => {
    const retiring = !p.retired_at;
    confirmAction({
      title: retiring ? `Retire ${p.name}?` : `Restore ${p.name}?`,
      message: retiring
        ? "It will no longer be offered on new quotes. Jobs that have it keep it."
        : "It will be offered on new quotes again.",
      confirmLabel: retiring ? "Retire" : "Restore",
      danger: retiring,
      onConfirm: async () => {
        try {
          const res = await callEndpoint(retiring ? retireCatalogueProduct : restoreCatalogueProduct, {
            params: { id: p.id },
            body: { version: p.version },
          });
          showAlert({ variant: "success", message: res.message });
        } catch (err) {
          showAlert({ variant: "danger", message: failureText(err).text });
        }
        await refresh();
      },
    });
  };

  const columns: Column<CatalogueProductWire>[] = [
    {
      key: "name",
      title: "Product",
      render: (p) => (
        <>
          {p.name}
          {p.retired_at && (
            <Badge size="xs" color="gray" ml={6}>
              retired
            </Badge>
          )}
          {(p.colour || p.size) && (
            <Text size="xs" c="dimmed">
              {[p.colour, p.size].filter(Boolean).join(" · ")}
            </Text>
          )}
        </>
      ),
    },
    { key: "sku", title: "SKU", render: (p) => p.sku ?? "—" },
    { key: "barcode", title: "Barcode", render: (p) => p.barcode ?? "—" },
    { key: "kind", title: "Kind", render: (p) => PRODUCT_KIND_LABELS[p.kind] },
    { key: "region", title: "Region", render: (p) => region(p.region_id)?.country_code ?? p.region_id },
    {
      key: "price",
      title: "Price",
      render: (p) => formatMoney(p.price_minor / 100, region(p.region_id)?.default_currency ?? "AUD"),
    },
    { key: "tax", title: "Tax", render: (p) => TAX_CLASS_LABELS[p.tax_class].split(" (")[0] },
    {
      key: "actions",
      title: "Actions",
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Edit ${p.name} (${region(p.region_id)?.country_code ?? p.region_id})`}
            onClick={() => setEditing({ product: p })}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color={p.retired_at ? "blue" : "red"}
            aria-label={`${p.retired_at ? "Restore" : "Retire"} ${p.name} (${region(p.region_id)?.country_code ?? p.region_id})`}
            onClick={() => toggleRetired(p)}
          >
            {p.retired_at ? "Restore" : "Retire"}
          </Button>
        </Group>
      ),
    },
  ];

  if (me && !admin)
    return (
      <>
        <PageHeader title="Catalogue" />
        <Text>Only administrators manage the catalogue.</Text>
      </>
    );

  const pagination = list.data?.meta.pagination;
  return (
    <>
      <Anchor component={Link} to="/settings" size="sm">
        ‹ Settings
      </Anchor>
      <PageHeader title="Catalogue" actions={<Button onClick={() => setEditing({})}>Add product</Button>} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="sm" data-testid="catalogue-filters">
        <TextInput
          label="Search"
          placeholder="Name, SKU or barcode"
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
        />
        <LazySelect
          label="Region"
          placeholder="All regions"
          clearable
          data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
          value={regionId}
          onChange={filter(setRegionId)}
        />
        <LazySelect
          label="Kind"
          placeholder="All kinds"
          clearable
          data={PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_LABELS[k] }))}
          value={kind}
          onChange={filter((v: string | null) => setKind(v as ProductKind | null))}
        />
        <Checkbox
          mt={{ base: 0, md: 30 }}
          label="Show retired"
          checked={includeRetired}
          onChange={(e) => filter(setIncludeRetired)(e.currentTarget.checked)}
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={760}>
        <DataTable
          ariaLabel="Catalogue products"
          rows={list.data?.data ?? []}
          columns={columns}
          rowKey={(p) => p.id}
          loading={list.isLoading}
          stale={list.isPlaceholderData}
          error={list.error}
          onRetry={() => list.refetch()}
          emptyText={q ? `No products match “${q}”.` : "No products."}
        />
      </Table.ScrollContainer>
      <PaginationBar
        page={page}
        perPage={PER_PAGE}
        total={pagination?.total ?? 0}
        unknown={!pagination}
        onChange={setPage}
      />
      <Suspense fallback={null}>
        <CatalogueImport onImported={refresh} />
      </Suspense>
      {editing && (
        <Suspense fallback={null}>
          <ProductFormModal
            product={editing.product}
            defaultRegionId={regionId ? Number(regionId) : (me?.outlet?.region_id ?? null)}
            onClose={() => setEditing(null)}
            onSaved={() => refresh()}
          />
        </Suspense>
      )}
    </>
  );
}
