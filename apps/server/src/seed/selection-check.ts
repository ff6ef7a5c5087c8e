import type { LensOptionWire, PdWire, PrescriptionWire } from "@loupe/contract";
import {
  isContactLensProduct,
  isItemConfirmed,
  itemSelectionSchema,
  selectionSaveErrors,
} from "@loupe/domain";
import { toLensOptionWires } from "../modules/job-edit/job-edit.snapshot";
import type { SelectionCatalogue } from "./selection-generator";

/**
 * What the save endpoint would refuse in a seeded selection (field → message; empty when it would
 * save it): the payload schema, the owner of the prescription and PD, the lens offered now for
 * them, and the domain's save rules; then that the item counts as confirmed. For the seed tests.
 */
export function seededSelectionErrors(
  cat: SelectionCatalogue,
  item: { productId: number; customerId: number | null; quantity?: number },
  selection: unknown,
  info: Record<string, any>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = itemSelectionSchema.safeParse(selection);
  if (!parsed.success) return { payload: parsed.error.message };
  const s = parsed.data;
  const p = cat.products.get(item.productId);
  if (!p) return { product: "unknown product" };
  const contactLens = isContactLensProduct(p.parentTypeKey);
  const rx = (info.data?.prescription ?? null) as PrescriptionWire | null;
  const pd = info.data?.pd ? ({ ...info.data.pd, pdPresenter: info.pdPresenter } as PdWire) : null;
  if (rx && (rx.customer_id !== item.customerId || rx.id !== s.prescription?.id))
    out.prescription = "not the order customer's, or not the one selected";
  if (pd && (pd.customer_id !== item.customerId || pd.id !== s.pdId))
    out.pdId = "not the order customer's, or not the one selected";
  let option: LensOptionWire | null = null;
  if (!contactLens && s.product_lens_addons_id) {
    const options = toLensOptionWires(cat.options.get(p.id) ?? [], rx, pd, s.customize.front.size);
    option = options.find((o) => o.id === s.product_lens_addons_id) ?? null;
    if (!option) out.product_lens_addons_id = "not offered for this product";
    if (info.data?.lens_addon_combination?.id !== s.product_lens_addons_id)
      out.lens_addon_combination = "the snapshot names another lens";
  }
  const rules = selectionSaveErrors(s, {
    lensType: p.lensesType,
    requiresPrescription: p.requiresPrescription,
    prescription: rx,
    pd,
    lensChosen: Boolean(s.product_lens_addons_id),
    lensInvalid: option?.invalid_error_msg ?? null,
    contactLens,
  });
  for (const [k, m] of Object.entries(rules)) out[k] ??= m;
  const confirmed = isItemConfirmed({
    quantity: item.quantity,
    region_product: { requires_prescription: p.requiresPrescription, parent_type: { key: p.parentTypeKey } },
    additional_info: info,
  });
  if (!confirmed) out.confirmed = "the item does not count as confirmed";
  return out;
}
