import type { LensOptionWire, PdWire, PrescriptionWire } from "@loupe/contract";
import {
  availableLensOptions,
  contactLensChoice,
  type ItemSelection,
  lensOptionInvalidReason,
  supplierPreference,
} from "@loupe/domain";
import type { ColourRow, LensOptionRow, ProductRow } from "./job-edit.queries";

export type { ColourRow, LensOptionRow } from "./job-edit.queries";

// What a saved selection writes, as pure functions of the rows it was made from. The save
// endpoint and the seeders (demo and bulk) both call them, so seeded jobs carry exactly the
// additional_info the app would have saved.

const money = (minor: number) => minor / 100;

/** The lens options, each with why it cannot be made (null when it can), in the preference order of §9. */
export function toLensOptionWires(
  rows: LensOptionRow[],
  rx: PrescriptionWire | null,
  pd: PdWire | null,
  frameSize: string | null | undefined,
): LensOptionWire[] {
  const binocular = pd?.pdPresenter.data.width.binocular ?? null;
  const options = rows.map(({ combo, lens, supplier }) => {
    const ranges = {
      sph_min: lens.sphMin,
      sph_max: lens.sphMax,
      cyl_min: lens.cylMin,
      add_min: lens.addMin,
      add_max: lens.addMax,
    };
    return {
      id: combo.id,
      lens_id: lens.id,
      region_product_id: combo.regionProductId,
      price: money(combo.priceMinor),
      warning_message: combo.warningMessage ?? lens.warningMessage,
      lenses: {
        id: lens.id,
        name: lens.name,
        supplier: { id: supplier.id, name: supplier.name, abbreviation: supplier.abbreviation },
        display_thickness: lens.displayThickness,
        index: lens.refractiveIndex,
        coating: lens.coating,
        lens_color: lens.colourName ? { name: lens.colourName } : null,
        warning_message: lens.warningMessage,
        lens_type: lens.lensTypeKey,
        diameters: lens.diameters,
        ranges,
      },
      coating: { name: combo.coatingName, display_name: combo.coatingDisplayName },
      tint: combo.tintDisplayName ? { display_name: combo.tintDisplayName } : null,
      invalid_error_msg: lensOptionInvalidReason(
        { supplier: supplier.name, diameters: lens.diameters, ranges },
        rx,
        binocular,
        frameSize,
      ),
    };
  });
  // The preference is read once per option, not in every comparison (the seeders call this per item).
  const preference = new Map(
    options.map((o) => [o, supplierPreference(o.lenses.supplier.name, o.lenses.name)]),
  );
  return options.sort((a, b) => preference.get(a)! - preference.get(b)! || a.price - b.price || a.id - b.id);
}

export const colourWire = (row: ColourRow | undefined) =>
  row ? { id: row.id, name: row.name, hex_code: row.hexCode, type: row.type } : null;

export interface SelectionFacts {
  revision: number;
  savedAt: Date;
  staff: { id: number; full_name: string };
  /** The payload as sent, without its `revision`. */
  selection: Omit<ItemSelection, "revision">;
  product: Pick<ProductRow, "productTypeKey">;
  contactLens: boolean;
  colour: (id: number | null | undefined) => ColourRow | undefined;
  prescription: PrescriptionWire | null;
  pd: PdWire | null;
  option: LensOptionWire | null;
  /** Every option of the product for this prescription, PD and frame (empty when no lens was chosen). */
  options: LensOptionWire[];
}

/** The additional_info a save writes to the item and to its revision row. */
export function selectionAdditionalInfo(f: SelectionFacts) {
  const { selection, prescription: rx, pd, option } = f;
  // The prescription as it was, with the Type it was used for: a later edit never changes the job.
  const snapshotRx = rx && { ...rx, type: selection.prescription?.type ?? null };
  // What the contact-lens lab needs, read once here: brand, base curve, diameter and power.
  const contactLensData = f.contactLens && rx ? contactLensChoice(rx) : null;
  return {
    id: f.revision,
    revision: f.revision,
    saved_at: f.savedAt.toISOString(),
    saved_by: f.staff,
    selection,
    data: {
      productType: f.product.productTypeKey,
      customize: f.contactLens
        ? null
        : {
            Frame: {
              shape: selection.customize.front.shape,
              size: selection.customize.front.size,
              colour: colourWire(f.colour(selection.customize.front.colorId)),
            },
            "Temple Left": {
              size: selection.customize.left.size,
              colour: colourWire(f.colour(selection.customize.left.colorId)),
            },
            "Temple Right": {
              size: selection.customize.right.size,
              colour: colourWire(f.colour(selection.customize.right.colorId)),
            },
            isExistingFrame: Boolean(selection.customize.front.isExistingFrame),
          },
      prescription: snapshotRx,
      pd: pd ? { ...pd, pdPresenter: undefined } : null,
      lens_addon_combination: option,
      contact_lens: contactLensData,
    },
    pdPresenter: pd?.pdPresenter ?? null,
    lensesToPick: availableLensOptions(f.options).map((o) => o.id),
    lens_colour: option?.lenses.lens_color?.name ?? null,
    lens_warning_message: selection.lens_warning_message ?? option?.warning_message ?? null,
  };
}
