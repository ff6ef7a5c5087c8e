import {
  type CatalogueProductWire,
  createCatalogueProduct,
  getCatalogueProduct,
  updateCatalogueProduct,
} from "@loupe/contract";
import {
  LENS_TYPE_KEYS,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
  type ProductKind,
  productEditSchema,
  productSchema,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  type TaxClass,
} from "@loupe/domain";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ConflictAlert } from "../../../components/conflict-alert";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useRegions } from "../../reference/use-reference-data";
import { useVersionConflict } from "../../reference/use-version-conflict";

/** The form's fields as typed; the price in the region's currency units (dollars), as staff think of it. */
interface ProductForm {
  region_id: string | null;
  name: string;
  sku: string;
  barcode: string;
  kind: ProductKind;
  colour: string;
  size: string;
  tax_class: TaxClass;
  price: number | string;
  requires_prescription: boolean;
  lenses_type: string | null;
}

const formOf = (p?: CatalogueProductWire, regionId?: number | null): ProductForm => ({
  region_id: p ? String(p.region_id) : regionId ? String(regionId) : null,
  name: p?.name ?? "",
  sku: p?.sku ?? "",
  barcode: p?.barcode ?? "",
  kind: p?.kind ?? "frame",
  colour: p?.colour ?? "",
  size: p?.size ?? "",
  tax_class: p?.tax_class ?? "standard",
  price: p ? p.price_minor / 100 : "",
  requires_prescription: p?.requires_prescription ?? false,
  lenses_type: p?.lenses_type ?? null,
});

/** The typed price in minor units; NaN (refused as "required") when empty or not a number. */
const priceMinorOf = (price: number | string) => {
  const n = typeof price === "number" ? price : price.trim() === "" ? Number.NaN : Number(price);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
};

/** The body the contract takes: price in minor units, empty texts as null. */
const bodyOf = (f: ProductForm) => ({
  region_id: Number(f.region_id),
  name: f.name,
  sku: f.sku,
  barcode: f.barcode || null,
  kind: f.kind,
  colour: f.colour || null,
  size: f.size || null,
  tax_class: f.tax_class,
  price_minor: priceMinorOf(f.price),
  requires_prescription: f.requires_prescription,
  lenses_type: (f.lenses_type || null) as (typeof LENS_TYPE_KEYS)[number] | null,
});

/**
 * Add or edit a catalogue product (issue 44). The fields are checked with the catalogue's own rules
 * (the ones the server and the CSV import use) before anything is sent; the server's refusals land
 * under the same fields. An edit carries the version it was opened at: a colleague's save in
 * between is shown plainly with Reload, never overwritten.
 */
export function ProductFormModal(props: {
  product?: CatalogueProductWire;
  defaultRegionId?: number | null;
  onClose: () => void;
  onSaved: (p: CatalogueProductWire) => void;
}) {
  const { data: regions = [] } = useRegions();
  const [f, setF] = useState(() => formOf(props.product, props.defaultRegionId));
  const [version, setVersion] = useState(props.product?.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const conflict = useVersionConflict();
  const { showAlert } = useAlert();
  const set = <K extends keyof ProductForm>(k: K, v: ProductForm[K]) => setF((s) => ({ ...s, [k]: v }));
  const editing = Boolean(props.product);

  const save = useAction(async () => {
    setErrors({});
    setFailure(null);
    conflict.clear();
    const body = bodyOf(f);
    const checked = (editing ? productEditSchema : productSchema).safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      const res = props.product
        ? await callEndpoint(updateCatalogueProduct, {
            params: { id: props.product.id },
            body: { ...body, version },
          })
        : await callEndpoint(createCatalogueProduct, { body });
      showAlert({ variant: "success", message: res.message });
      props.onSaved(res.data);
      props.onClose();
    } catch (err) {
      if (conflict.take(err)) return;
      if (err instanceof ApiError && Object.keys(err.errors).length)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      else setFailure(errorText(err));
    }
  });

  const reload = async () => {
    if (!props.product) return;
    const fresh = (await callEndpoint(getCatalogueProduct, { params: { id: props.product.id } })).data;
    setF(formOf(fresh));
    setVersion(fresh.version);
    props.onSaved(fresh);
  };

  const text = (k: "name" | "sku" | "barcode" | "colour" | "size", label: string, required = false) => (
    <TextInput
      label={label}
      withAsterisk={required}
      value={f[k]}
      error={errors[k]}
      onChange={(e) => set(k, e.currentTarget.value)}
    />
  );
  const lensy = f.kind === "frame" || f.kind === "lens";

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.product ? `Edit ${props.product.name}` : "Add product"}
      size="lg"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 576}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.run();
        }}
      >
        <Stack gap="sm">
          {conflict.message && (
            <ConflictAlert
              message={conflict.message}
              reloading={conflict.reloading}
              onReload={() => conflict.reload(reload)}
            />
          )}
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Region"
              withAsterisk
              disabled={editing}
              description={editing ? "A product's row stays in its region" : undefined}
              data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
              value={f.region_id}
              error={errors.region_id}
              onChange={(v) => set("region_id", v)}
              allowDeselect={false}
            />
            <Select
              label="Kind"
              withAsterisk
              data={PRODUCT_KINDS.map((k) => ({ value: k, label: PRODUCT_KIND_LABELS[k] }))}
              value={f.kind}
              error={errors.kind}
              onChange={(v) => v && set("kind", v as ProductKind)}
              allowDeselect={false}
            />
          </SimpleGrid>
          {text("name", "Name", true)}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("sku", "SKU", true)}
            {text("barcode", "Barcode (EAN-13, UPC or own code)")}
            {text("colour", "Colour")}
            {text("size", "Size")}
            <NumberInput
              label="Price"
              withAsterisk
              description="Tax included in AU and NZ, before tax in CA"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              value={f.price}
              error={errors.price_minor}
              onChange={(v) => set("price", v)}
            />
            <Select
              label="Tax class"
              data={TAX_CLASSES.map((k) => ({ value: k, label: TAX_CLASS_LABELS[k] }))}
              value={f.tax_class}
              error={errors.tax_class}
              onChange={(v) => v && set("tax_class", v as TaxClass)}
              allowDeselect={false}
            />
            {lensy && (
              <Select
                label="Lens type"
                placeholder="None"
                clearable
                data={LENS_TYPE_KEYS.map((k) => ({ value: k, label: k }))}
                value={f.lenses_type}
                error={errors.lenses_type}
                onChange={(v) => set("lenses_type", v)}
              />
            )}
          </SimpleGrid>
          <Checkbox
            label="Requires a prescription"
            checked={f.requires_prescription}
            error={errors.requires_prescription}
            onChange={(e) => set("requires_prescription", e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {props.product ? "Save" : "Add product"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
