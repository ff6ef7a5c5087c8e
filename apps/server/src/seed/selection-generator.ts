import type { PdWire, PrescriptionWire } from "@loupe/contract";
import {
  availableLensOptions,
  hasJobSelection,
  type ItemSelection,
  isContactLensProduct,
  NOT_DEFINED_SIZE,
  pdPurposeFor,
  prescriptionTypeOptions,
  sizeChoicesForShape,
} from "@loupe/domain";
import type { regionProducts } from "../modules/catalogue/catalogue.tables";
import {
  type ColourRow,
  type LensOptionRow,
  selectionAdditionalInfo,
  toLensOptionWires,
} from "../modules/job-edit/job-edit.snapshot";
import { type PdRow, type PresenterOptions, toPdWire } from "../modules/pds/pds.mappers";
import {
  type PrescriptionRow,
  type RxSource,
  toPrescriptionWire,
} from "../modules/prescriptions/prescriptions.mappers";
import type { Rng } from "./rng";

// Prescriptions, PDs and saved item selections as a real shop's data has them, shared by the
// demo seed and the bulk seeders. Pure: rows in, rows and the save's additional_info out, so the
// bulk seeder can stream them and the tests can check them with the save endpoint's rules.

export type SeedProduct = Pick<
  typeof regionProducts.$inferSelect,
  "id" | "lensesType" | "requiresPrescription" | "parentTypeKey" | "productTypeKey"
>;

/** The measured values of a prescription: what an eye test writes (ids, owner and dates come later). */
export type PrescriptionValues = Pick<
  PrescriptionRow,
  | "typeId"
  | "category"
  | "addType"
  | "rightSph"
  | "rightCyl"
  | "rightAxis"
  | "leftSph"
  | "leftCyl"
  | "leftAxis"
  | "spectacles"
  | "contactLens"
>;
export type PdValues = Omit<
  PdRow,
  | "id"
  | "customerId"
  | "sourceId"
  | "outletId"
  | "staffUserId"
  | "createdAt"
  | "updatedAt"
  | "version"
  | "updatedBy"
>;

/** What an order's items ask of the customer's eyes: which prescription kinds, adds and heights. */
export interface EyeNeeds {
  spectacles: boolean;
  contact: boolean;
  /** A near add (multifocal, bifocal, desk); also given to about a third of the rest (presbyopes). */
  add: boolean;
  intAdd: boolean;
  heights: ("multifocal" | "bifocal" | "desk")[];
}

const NEEDS_NOTHING: EyeNeeds = { spectacles: false, contact: false, add: false, intAdd: false, heights: [] };

/** The needs of the given products' items (those that will carry a selection). */
export function eyeNeedsFor(products: SeedProduct[]): EyeNeeds {
  const needs = { ...NEEDS_NOTHING, heights: [] as EyeNeeds["heights"] };
  for (const p of products) {
    if (!p.requiresPrescription) continue;
    if (isContactLensProduct(p.parentTypeKey)) {
      needs.contact = true;
      continue;
    }
    needs.spectacles = true;
    const t = p.lensesType;
    if (t === "multifocal" || t === "bifocal" || t === "desk" || t === "work") needs.add = true;
    if (t === "desk" || t === "work") needs.intAdd = true;
    const h = t === "work" ? "desk" : t;
    if ((h === "multifocal" || h === "bifocal" || h === "desk") && !needs.heights.includes(h))
      needs.heights.push(h);
  }
  return needs;
}

const quarter = (rng: Rng, min: number, max: number) => rng.int(min * 4, max * 4) / 4;
const half = (rng: Rng, min: number, max: number) => rng.int(min * 2, max * 2) / 2;

/**
 * A spectacle or contact-lens prescription inside what every non-Zeiss lens of the catalogue can
 * be made in (sphere −5.50…+4.00, cylinder down to −2.50, adds +1.00…+3.00), the way most real
 * prescriptions are; the two eyes differ a little, as they do.
 */
export function generatePrescription(
  rng: Rng,
  kind: "spectacles" | "contact",
  o: { add: boolean; intAdd: boolean },
): PrescriptionValues {
  const sph = quarter(rng, -5.5, 4);
  const leftSph = Math.max(-5.5, Math.min(4, sph + quarter(rng, -0.5, 0.5)));
  const cyl = rng.chance(0.55) ? -quarter(rng, 0.25, 2.5) : null;
  const leftCyl = cyl != null && rng.chance(0.8) ? -quarter(rng, 0.25, 2.5) : null;
  const add = o.add ? quarter(rng, 1, 3) : null;
  const monocular = add != null && rng.chance(0.2);
  const leftAdd = monocular ? Math.min(3, add + 0.25) : add;
  // An intermediate add is about half the near add, rounded to a quarter.
  const intAdd = add != null && o.intAdd ? Math.max(0.25, Math.round(add * 2) / 4) : null;
  const contact = kind === "contact";
  return {
    typeId: contact ? 2 : 1,
    category: rng.pick(["class-a", "class-a", "class-b", "class-c"]),
    addType: monocular ? "monocular" : "binocular",
    rightSph: sph,
    rightCyl: cyl,
    rightAxis: cyl != null ? rng.int(1, 180) : null,
    leftSph,
    leftCyl,
    leftAxis: leftCyl != null ? rng.int(1, 180) : null,
    spectacles: contact
      ? null
      : {
          right_near_add: add,
          left_near_add: leftAdd,
          right_int_add: intAdd,
          left_int_add: intAdd,
          prisms: null,
        },
    contactLens: contact ? contactLensValues(rng, add, leftAdd) : null,
  };
}

/** The contact-lens part of a prescription: brand, adds, base curves and diameters. */
export function contactLensValues(rng: Rng, add: number | null, leftAdd: number | null) {
  return {
    brand: rng.pick(["Acuvue Oasys", "Dailies Total1", "Biofinity", "Air Optix"]),
    right_near_add: add,
    left_near_add: leftAdd,
    near_add_enum: add == null ? null : add < 1.5 ? "LOW" : add < 2.25 ? "MEDIUM" : "HIGH",
    right_base_curve: rng.pick([8.4, 8.5, 8.6, 8.7]),
    left_base_curve: rng.pick([8.4, 8.5, 8.6, 8.7]),
    right_diameter: rng.pick([14, 14.1, 14.2]),
    left_diameter: rng.pick([14, 14.1, 14.2]),
  };
}

/**
 * A PD measured in store for glasses: binocular and monocular distance (so class B and C single
 * vision can use it), intermediate and reading widths, and the heights the lens types need.
 * Distance PDs of 58–70 mm, so a 70 mm blank fits every frame up to M.
 */
export function generatePd(rng: Rng, heights: EyeNeeds["heights"]): PdValues {
  const bi = half(rng, 58, 70);
  const right = Math.round((bi / 2 + half(rng, -0.5, 0.5)) * 10) / 10;
  const h = (kind: EyeNeeds["heights"][number], lo: number, hi: number) =>
    heights.includes(kind) ? half(rng, lo, hi) : null;
  const mf = h("multifocal", 18, 26);
  const bf = h("bifocal", 14, 20);
  const desk = h("desk", 18, 26);
  const size = rng.pick(["S", "M", "M", "L"]);
  return {
    lensTypeId: null,
    binocularDistPd: bi,
    rightDistPd: right,
    leftDistPd: Math.round((bi - right) * 10) / 10,
    binocularIntPd: bi - 1.5,
    rightIntPd: null,
    leftIntPd: null,
    binocularReadingPd: bi - 3,
    rightReadingPd: null,
    leftReadingPd: null,
    rightHeightMultifocal: mf,
    leftHeightMultifocal: mf,
    rightHeightBifocal: bf,
    leftHeightBifocal: bf,
    rightHeightDesk: desk,
    leftHeightDesk: desk,
    rightHeightAspheric: null,
    leftHeightAspheric: null,
    frameSize: size,
    armSize: size,
    glassShapeType: rng.pick(["classic", "classic", "round"]),
    note: null,
  };
}

/** An order's eyes: the prescriptions and PD its items' selections will use (none when none needs one). */
export function generateEyes(rng: Rng, needs: EyeNeeds) {
  const add = needs.add || rng.chance(0.35);
  const intAdd = needs.intAdd || (add && rng.chance(0.3));
  return {
    spectacles: needs.spectacles ? generatePrescription(rng, "spectacles", { add, intAdd }) : null,
    contact: needs.contact ? generatePrescription(rng, "contact", { add, intAdd: false }) : null,
    pd: needs.spectacles ? generatePd(rng, needs.heights) : null,
  };
}
export type Eyes = ReturnType<typeof generateEyes>;

/** Who and when a seeded row was made by, filled into the full table row. */
export interface RowMeta {
  id: number;
  customerId: number | null;
  sourceId: number;
  outletId: number | null;
  staffUserId: number | null;
  createdAt: Date;
}

export const prescriptionRow = (v: PrescriptionValues, m: RowMeta): PrescriptionRow => ({
  ...v,
  ...m,
  note: null,
  printedNote: null,
  expiryDate: new Date(m.createdAt.getTime() + 2 * 365 * 86_400_000).toISOString().slice(0, 10),
  updatedAt: m.createdAt,
  version: 1,
  updatedBy: m.staffUserId,
});
export const pdRow = (v: PdValues, m: RowMeta): PdRow => ({
  ...v,
  ...m,
  updatedAt: m.createdAt,
  version: 1,
  updatedBy: m.staffUserId,
});

/** Everything a selection is made from that is the same for every order, loaded once. */
export interface SelectionCatalogue {
  products: Map<number, SeedProduct>;
  /** Each product's lens combinations, as the lens-options query reads them. */
  options: Map<number, LensOptionRow[]>;
  frameColours: ColourRow[];
  templeColours: ColourRow[];
  rxSources: RxSource[];
  pdSources: { id: number; name: string; slug: string }[];
  staff: { id: number; full_name: string }[];
}

/** The prescriptions and PD an order's selections use, as table rows. */
export interface OrderEyes {
  spectacles: PrescriptionRow | null;
  contact: PrescriptionRow | null;
  pd: PdRow | null;
}

/**
 * The rows of an order's eyes, recorded in store by one of the staff at `createdAt`; ids from the
 * caller's counters, so a streaming seeder can give the same ids on every pass.
 */
export function makeEyes(
  rng: Rng,
  cat: SelectionCatalogue,
  needs: EyeNeeds,
  m: {
    customerId: number | null;
    outletId: number | null;
    createdAt: Date;
    nextRxId: () => number;
    nextPdId: () => number;
  },
): OrderEyes {
  const eyes = generateEyes(rng, needs);
  const staffUserId = rng.pick(cat.staff).id;
  const rxSource = rng.pick(cat.rxSources).id;
  const meta = (id: number, sourceId: number): RowMeta => ({
    id,
    customerId: m.customerId,
    sourceId,
    outletId: m.outletId,
    staffUserId,
    createdAt: m.createdAt,
  });
  return {
    spectacles: eyes.spectacles && prescriptionRow(eyes.spectacles, meta(m.nextRxId(), rxSource)),
    contact: eyes.contact && prescriptionRow(eyes.contact, meta(m.nextRxId(), rxSource)),
    pd: eyes.pd && pdRow(eyes.pd, meta(m.nextPdId(), rng.pick(cat.pdSources).id)),
  };
}

const colourMaps = new WeakMap<SelectionCatalogue, Map<number, ColourRow>>();
const coloursOf = (cat: SelectionCatalogue) => {
  let m = colourMaps.get(cat);
  if (!m)
    colourMaps.set(cat, (m = new Map([...cat.frameColours, ...cat.templeColours].map((c) => [c.id, c]))));
  return m;
};

// An order's items share its prescription and PD rows: their wires are made once per row (and
// PD purpose), which the bulk seeder's millions of items notice. Read-only once made.
const rxWires = new WeakMap<object, Map<string, PrescriptionWire>>();
const pdWires = new WeakMap<object, Map<string, PdWire>>();
function memo<T>(cache: WeakMap<object, Map<string, T>>, row: object, key: string, make: () => T): T {
  let byKey = cache.get(row);
  if (!byKey) cache.set(row, (byKey = new Map()));
  let v = byKey.get(key);
  if (v === undefined) byKey.set(key, (v = make()));
  return v;
}

/**
 * The first saved selection of an item: the payload the panel would send and the additional_info
 * the save writes for it (revision 1). Null when the product carries no selection or no lens can
 * be made for the eyes given (the generators above make eyes every catalogue lens type fits).
 */
export function generateSelection(
  rng: Rng,
  cat: SelectionCatalogue,
  productId: number,
  eyes: OrderEyes,
  saved: { at: Date; staff: { id: number; full_name: string } },
) {
  const p = cat.products.get(productId);
  if (!p || !hasJobSelection(p.parentTypeKey)) return null;
  const staffById = (id: number | null) => cat.staff.find((s) => s.id === id) ?? null;
  const rxSource = (id: number) => cat.rxSources.find((s) => s.id === id)!;
  const pdSource = (id: number) => cat.pdSources.find((s) => s.id === id)!;
  const contact = isContactLensProduct(p.parentTypeKey);
  const existingFrame = p.parentTypeKey === "lenses-only";
  const shape = existingFrame
    ? "non-brand"
    : rng.chance(0.7)
      ? "classic"
      : rng.chance(0.85)
        ? "round"
        : "non-brand";
  const choices = sizeChoicesForShape(shape);
  const frameColour = rng.pick(cat.frameColours);
  const templeColour = rng.chance(0.85)
    ? frameColourTemple(cat.templeColours, frameColour)
    : rng.pick(cat.templeColours);
  let rxWire: PrescriptionWire | null = null;
  let pdWire: PdWire | null = null;
  let type: ItemSelection["prescription"] = null;
  let optionId: number | null = null;
  let options: ReturnType<typeof toLensOptionWires> = [];
  let size = rng.pick(choices);
  const rx = contact ? eyes.contact : p.requiresPrescription ? eyes.spectacles : null;
  if (p.requiresPrescription) {
    if (!rx) return null;
    rxWire = memo(rxWires, rx, "", () =>
      toPrescriptionWire(rx, rxSource(rx.sourceId), staffById(rx.staffUserId), []),
    );
    if (!contact) {
      if (!eyes.pd) return null;
      const purposes = prescriptionTypeOptions(rxWire);
      const purpose =
        p.lensesType === "single-vision"
          ? rng.chance(0.8) || purposes.length < 2
            ? "distance"
            : rng.pick(purposes)
          : null;
      type = { id: rx.id, type: purpose };
      const pdRow = eyes.pd;
      const pdOptions: PresenterOptions = {
        purpose: pdPurposeFor(p.lensesType, purpose),
        lensType: p.lensesType ?? undefined,
      };
      pdWire = memo(pdWires, pdRow, `${pdOptions.purpose} ${pdOptions.lensType}`, () =>
        toPdWire(pdRow, pdSource(pdRow.sourceId), staffById(pdRow.staffUserId), pdOptions),
      );
      // The drawn size first, then the others smallest first: a smaller frame takes a smaller blank.
      for (const s of [size, ...choices.filter((c) => c !== size)]) {
        options = toLensOptionWires(cat.options.get(p.id) ?? [], rxWire, pdWire, s);
        const available = availableLensOptions(options);
        if (available.length) {
          size = s;
          // Most people take the shop's first suggestion; some pick a thinner or coated lens.
          optionId = (rng.chance(0.6) ? available[0] : rng.pick(available)).id;
          break;
        }
      }
      if (optionId == null) return null;
    } else type = { id: rx.id, type: null };
  }
  const armSize = size === NOT_DEFINED_SIZE || rng.chance(0.9) ? size : rng.pick(choices);
  const part = (colorId: number | null, s: string | null) => ({
    size: s,
    colorId,
    isExistingFrame: existingFrame,
  });
  const selection: Omit<ItemSelection, "revision"> = {
    customize: contact
      ? {
          front: { ...part(null, null), shape: null },
          left: part(null, null),
          right: part(null, null),
        }
      : {
          front: { ...part(frameColour.id, size), shape },
          left: part(templeColour.id, armSize),
          right: part(templeColour.id, armSize),
        },
    prescription: type,
    pdId: pdWire ? pdWire.id : null,
    product_lens_addons_id: optionId,
    lens_warning_message: null,
  };
  const colours = coloursOf(cat);
  const option = options.find((o) => o.id === optionId) ?? null;
  const info = selectionAdditionalInfo({
    revision: 1,
    savedAt: saved.at,
    staff: saved.staff,
    selection,
    product: p,
    contactLens: contact,
    colour: (id) => colours.get(id ?? -1),
    prescription: rxWire,
    pd: pdWire,
    option,
    options,
  });
  return { selection, info, prescription: rxWire, pd: pdWire };
}
export type GeneratedSelection = NonNullable<ReturnType<typeof generateSelection>>;

/** The temple colour named like the frame's, when there is one (most frames come in one colour). */
function frameColourTemple(temples: ColourRow[], frame: ColourRow) {
  return temples.find((t) => t.name === frame.name) ?? temples[0];
}

/** An order as the bulk seeder makes it: who, where, when, and each item's product and status. */
export interface SeedOrder {
  customerId: number | null;
  outletId: number | null;
  createdAt: Date;
  items: { productId: number; pastSelection: boolean }[];
}

/** Which of an order's items carry a saved selection: past the selection step, with a product that has one. */
export const itemsWithSelection = (cat: SelectionCatalogue, o: SeedOrder) =>
  o.items.map(
    (i) => i.pastSelection && hasJobSelection(cat.products.get(i.productId)?.parentTypeKey ?? "addon"),
  );

/**
 * The eyes of one bulk order: an eye test a few days before it, fitting all its selected items.
 * Its own rng, so the prescription and PD passes need not make the selections.
 */
export function bulkOrderEyes(
  rng: Rng,
  cat: SelectionCatalogue,
  o: SeedOrder,
  ids: { nextRxId: () => number; nextPdId: () => number },
): OrderEyes | null {
  const selected = itemsWithSelection(cat, o);
  const products = o.items.filter((_, k) => selected[k]).map((i) => cat.products.get(i.productId)!);
  const needs = eyeNeedsFor(products);
  if (!needs.spectacles && !needs.contact) return null;
  return makeEyes(rng, cat, needs, {
    customerId: o.customerId,
    outletId: o.outletId,
    createdAt: new Date(o.createdAt.getTime() - rng.int(0, 14 * 24) * 3_600_000),
    ...ids,
  });
}

/** Each item's first saved selection (null for those without), saved by one of the staff within two days of the order. */
export function bulkOrderSelections(
  rng: Rng,
  cat: SelectionCatalogue,
  o: SeedOrder,
  eyes: OrderEyes | null,
  now: number,
) {
  const selected = itemsWithSelection(cat, o);
  const none: OrderEyes = { spectacles: null, contact: null, pd: null };
  return o.items.map((item, k) => {
    if (!selected[k]) return null;
    const staff = rng.pick(cat.staff);
    const at = new Date(Math.min(now, o.createdAt.getTime() + rng.int(1, 48) * 3_600_000));
    return generateSelection(rng, cat, item.productId, eyes ?? none, { at, staff });
  });
}
