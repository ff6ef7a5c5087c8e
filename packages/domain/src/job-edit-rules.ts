import { z } from "zod";
import { HEIGHT_MULTIPLIER, sizesForShape } from "./height-conversion";
import { INT32_MAX, rowId } from "./input-rules";
import { JOB_EDIT_MESSAGES } from "./job-edit-messages";
import { type PdHeightField, type PdWidthField, pdErrorForLensType } from "./pd-rules";
import { needsPrescriptionReentry } from "./prescription-reentry";
import { isFileOnlyPrescription, prescriptionErrorForLensType, type RxPowers } from "./prescription-rules";

// The job edit flow (jobs-area §2–5, §9): the five steps, frame rules, prescription-type and
// lens-type checks, the lens list and its diameter fit, item confirmation and the save payload.
// The panel and the server both call these, so a selection the panel accepts is one the server saves.

// ---------------------------------------------------------------------------------------------
// Lens types and prescription purposes

/** Lens type ids as the PD calls send them (`lens_type_id`); 3 is the guest default (§9). */
export const LENS_TYPES = [
  { id: 1, key: "multifocal", name: "Multifocal" },
  { id: 2, key: "bifocal", name: "Bifocal" },
  { id: 3, key: "single-vision", name: "Single Vision" },
  { id: 4, key: "desk", name: "Desk / Work" },
] as const;
export type LensTypeKey = (typeof LENS_TYPES)[number]["key"] | "work";
export const lensTypeId = (key: string | null | undefined): number | null =>
  LENS_TYPES.find((t) => t.key === (key === "work" ? "desk" : key))?.id ?? null;

export const PRESCRIPTION_PURPOSES = ["reading", "intermediate", "distance"] as const;
export type PrescriptionPurpose = (typeof PRESCRIPTION_PURPOSES)[number];

export interface JobRx extends RxPowers {
  id?: number;
  type_id?: number | null;
  category?: string | null;
  /** The binocular intermediate add, when the prescription records one. */
  add_int?: number | null;
  right_int_add?: number | null;
  left_int_add?: number | null;
  files?: unknown[] | null;
  error?: string | null;
}

/** Intermediate is offered only when the prescription has an intermediate add: add_int, or both eyes. */
export function hasIntermediateAdd(rx: JobRx): boolean {
  if (rx.add_int != null && rx.add_int !== 0) return true;
  const r = rx.right_int_add ?? rx.spectacles?.right_int_add ?? null;
  const l = rx.left_int_add ?? rx.spectacles?.left_int_add ?? null;
  return r != null && r !== 0 && l != null && l !== 0;
}

/** The Type choices of step 2 for a single-vision product (§5). */
export function prescriptionTypeOptions(rx: JobRx | null | undefined): PrescriptionPurpose[] {
  if (!rx) return [];
  return hasIntermediateAdd(rx) ? ["reading", "intermediate", "distance"] : ["reading", "distance"];
}

export const isSingleVision = (lensType: string | null | undefined) => lensType === "single-vision";

/**
 * Step 2: what is wrong with this prescription choice for the product's lens type, or null.
 * Single vision needs a Type (intermediate only with an intermediate add); multifocal needs a near
 * add; desk or work an int add; a file-only prescription must be edited first.
 */
export function prescriptionStepError(
  lensType: string | null | undefined,
  rx: JobRx | null | undefined,
  type: string | null | undefined,
): string | null {
  if (!rx) return JOB_EDIT_MESSAGES.prescriptionRequired;
  if (isFileOnlyPrescription(rx)) return JOB_EDIT_MESSAGES.pleaseEditPrescription;
  if (rx.error) return rx.error;
  if (isSingleVision(lensType)) {
    if (!type) return JOB_EDIT_MESSAGES.prescriptionTypeRequired;
    if (!prescriptionTypeOptions(rx).includes(type as PrescriptionPurpose))
      return JOB_EDIT_MESSAGES.intermediateNotOffered;
  }
  return prescriptionErrorForLensType(rx, lensType);
}

/** The PD purpose a lens type reads widths for: single vision follows the Type; desk reads intermediate; the rest distance. */
export function pdPurposeFor(lensType: string | null | undefined, type: string | null | undefined) {
  if (isSingleVision(lensType) && (type === "reading" || type === "intermediate")) return type;
  if (lensType === "desk" || lensType === "work") return "intermediate" as const;
  return "distance" as const;
}

export type JobPd = Partial<Record<PdWidthField | PdHeightField, number | null>> & {
  pdPresenter?: { error?: string | null } | null;
};

/** Step 3: the PD check of §5 (heights for multifocal, monocular PDs for class-b/c single vision, desk heights). */
export function pdStepError(
  pd: JobPd | null,
  lensType: string | null | undefined,
  category?: string | null,
): string | null {
  if (!pd) return JOB_EDIT_MESSAGES.pdRequired;
  return pdErrorForLensType(pd, lensType, category) ?? pd.pdPresenter?.error ?? null;
}

// ---------------------------------------------------------------------------------------------
// Frame

export const FRAME_SHAPES = ["classic", "round", "non-brand"] as const;
export type FrameShape = (typeof FRAME_SHAPES)[number];
export const JOB_FRAME_SIZES = ["XS", "S", "M", "L"] as const;
export const NOT_DEFINED_SIZE = "nd";
export const frameSizeLabel = (size: string) => (size === NOT_DEFINED_SIZE ? "nd" : size);

export interface FrameData {
  shape: FrameShape | null;
  frameSize: string | null;
  leftArmSize: string | null;
  rightArmSize: string | null;
  frameColor: number | null;
  leftArmColor: number | null;
  rightArmColor: number | null;
  isExistingFrame: boolean;
}
export const EMPTY_FRAME: FrameData = {
  shape: null,
  frameSize: null,
  leftArmSize: null,
  rightArmSize: null,
  frameColor: null,
  leftArmColor: null,
  rightArmColor: null,
  isExistingFrame: false,
};

/** The validation names of the frame step (§5), in the order the form shows them. */
export const FRAME_FIELD_NAMES = {
  shape: "Frame shape",
  frameSize: "Frame size",
  rightArmSize: "Right Arm size",
  leftArmSize: "Left Arm size",
  frameColor: "Frame color",
  armColor: "Arm color",
} as const;

/** Non-{brand} fixes every size to nd (choices disabled); capote turns XS into S (§4). */
export function applyFrameShape(frame: FrameData, shape: FrameShape): FrameData {
  const s = sizesForShape(shape, {
    frame: frame.frameSize,
    left_arm: frame.leftArmSize,
    right_arm: frame.rightArmSize,
  });
  return { ...frame, shape, frameSize: s.frame, leftArmSize: s.left_arm, rightArmSize: s.right_arm };
}

/** Which sizes a shape offers: none (fixed nd) for non-{brand}, S–L for capote, XS–L for original. */
export function sizeChoicesForShape(shape: FrameShape | null): string[] {
  if (shape === "non-brand") return [NOT_DEFINED_SIZE];
  if (shape === "round") return ["S", "M", "L"];
  return [...JOB_FRAME_SIZES];
}
export const sizesDisabled = (shape: FrameShape | null) => shape === "non-brand";

/** Field → "The {name} field is required." for the frame step; empty when it can be confirmed. */
export function frameErrors(
  frame: Partial<FrameData>,
): Partial<Record<keyof typeof FRAME_FIELD_NAMES, string>> {
  const out: Partial<Record<keyof typeof FRAME_FIELD_NAMES, string>> = {};
  const req = (k: keyof typeof FRAME_FIELD_NAMES) => {
    out[k] = `The ${FRAME_FIELD_NAMES[k]} field is required.`;
  };
  if (!frame.shape) req("shape");
  const choices = sizeChoicesForShape(frame.shape ?? null);
  const size = (k: "frameSize" | "rightArmSize" | "leftArmSize") => {
    const v = frame[k];
    if (!v) req(k);
    else if (!choices.includes(v)) out[k] = `The ${FRAME_FIELD_NAMES[k]} field is not valid for this shape.`;
  };
  size("frameSize");
  size("rightArmSize");
  size("leftArmSize");
  if (frame.frameColor == null) req("frameColor");
  if (frame.leftArmColor == null || frame.rightArmColor == null) req("armColor");
  return out;
}

// ---------------------------------------------------------------------------------------------
// Heights (§4 Frame and PD Height Update, §9 multipliers)

export type HeightValues = Partial<Record<PdHeightField, number | null>>;
const HEIGHTS: PdHeightField[] = [
  "right_height_multifocal",
  "left_height_multifocal",
  "right_height_bifocal",
  "left_height_bifocal",
  "right_height_desk",
  "left_height_desk",
  "right_height_aspheric",
  "left_height_aspheric",
];
const mult = (size: string | null | undefined) => HEIGHT_MULTIPLIER[size ?? ""] ?? 1.1;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** A size change asks to recalculate only when the new size is a real one (not nd) and differs. */
export const frameSizeChangeAsksHeights = (from: string | null, to: string | null, hasPd: boolean) =>
  hasPd && !!to && to !== NOT_DEFINED_SIZE && to !== from;
/** A shape change with an existing PD opens the height update dialog. */
export const shapeChangeOpensHeightDialog = (from: string | null, to: string | null, hasPd: boolean) =>
  hasPd && !!from && from !== to;

/**
 * Every recorded height, rescaled from one frame size and shape to another (XS 0.9, S 1, M 1.1,
 * L 1.2, default 1.1; a further 0.9 from original to round), rounded to one decimal. Null stays null.
 */
export function recalculateHeights(
  pd: HeightValues,
  from: { size: string | null | undefined; shape: string | null | undefined },
  to: { size: string | null | undefined; shape: string | null | undefined },
): HeightValues {
  const out: HeightValues = {};
  for (const f of HEIGHTS) {
    const v = pd[f];
    if (v == null) {
      out[f] = v ?? null;
      continue;
    }
    let n = (v / mult(from.size)) * mult(to.size);
    if (from.shape === "classic" && to.shape === "round") n *= 0.9;
    out[f] = round1(n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lens list (§5 Lens list, lens diameter fit, §9 preference)

/** Minimum binocular PD for a lens diameter to fit a frame size (§5). */
export const MIN_PD_FOR_DIAMETER: Record<"M" | "L", Record<65 | 70 | 75, number>> = {
  M: { 70: 58, 65: 61, 75: 53 },
  L: { 70: 64, 65: 69, 75: 59 },
};

/**
 * Whether a lens diameter fits: XS and S use the medium row (a smaller frame never needs a larger
 * blank), L its own; diameters between rows use the next smaller listed one, 80 mm and over fit
 * any PD the 75 mm row accepts, under 65 mm never fits. nd or no size: no fit can be decided.
 */
export function diameterFits(
  frameSize: string | null | undefined,
  pd: number | null | undefined,
  diameter: number,
): boolean {
  if (!frameSize || frameSize === NOT_DEFINED_SIZE || pd == null) return false;
  const row = MIN_PD_FOR_DIAMETER[frameSize === "L" ? "L" : "M"];
  const key = diameter >= 75 ? 75 : diameter >= 70 ? 70 : diameter >= 65 ? 65 : null;
  if (key == null) return false;
  return pd >= row[key];
}

export interface LensRanges {
  sph_min: number;
  sph_max: number;
  cyl_min: number;
  add_min: number | null;
  add_max: number | null;
}
export interface LensOptionInput {
  supplier: string;
  diameters: number[];
  ranges: LensRanges;
}

const maxAbs = (...v: (number | null | undefined)[]) =>
  v.filter((x): x is number => x != null).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
const minOf = (...v: (number | null | undefined)[]) =>
  v.filter((x): x is number => x != null).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);

/** Whether a lens can be made in a prescription: both eyes' sphere, cylinder and add inside its ranges. */
export function prescriptionInRange(rx: RxPowers, r: LensRanges): boolean {
  const sphs = [rx.right_sph ?? 0, rx.left_sph ?? 0];
  if (sphs.some((s) => s < r.sph_min || s > r.sph_max)) return false;
  const cyl = minOf(rx.right_cyl ?? 0, rx.left_cyl ?? 0);
  if (cyl < r.cyl_min) return false;
  const add = maxAbs(
    rx.spectacles?.right_near_add,
    rx.spectacles?.left_near_add,
    rx.contact_lens?.right_near_add,
    rx.contact_lens?.left_near_add,
  );
  if (Number.isFinite(add) && add > 0) {
    if (r.add_min == null || r.add_max == null) return true;
    if (add < r.add_min || add > r.add_max) return false;
  }
  return true;
}

export const isZeiss = (supplier: string | null | undefined) => /zeiss/i.test(supplier ?? "");

/**
 * Why a lens option cannot be made for this prescription, PD and frame (its `invalid_error_msg`),
 * or null when it can. Zeiss is always dropped; then the prescription range; then the diameter.
 */
export function lensOptionInvalidReason(
  lens: LensOptionInput,
  rx: RxPowers | null,
  pd: number | null | undefined,
  frameSize: string | null | undefined,
): string | null {
  if (isZeiss(lens.supplier)) return JOB_EDIT_MESSAGES.zeissExcluded;
  if (rx && !prescriptionInRange(rx, lens.ranges)) return JOB_EDIT_MESSAGES.prescriptionOutOfRange;
  if (!frameSize) return JOB_EDIT_MESSAGES.frameSizeRequired;
  if (frameSize !== NOT_DEFINED_SIZE && !lens.diameters.some((d) => diameterFits(frameSize, pd, d)))
    return JOB_EDIT_MESSAGES.diameterTooSmall;
  return null;
}

/** Ordering preference (§9): Hoya long, other Hoya, Hoya medium, Shamir medium, other Shamir, Shamir long, others. */
export function supplierPreference(supplier: string, name: string): number {
  const s = supplier.toLowerCase();
  const n = name.toLowerCase();
  if (s.includes("hoya")) return n.includes("long") ? 0 : n.includes("medium") ? 2 : 1;
  if (s.includes("shamir")) return n.includes("medium") ? 3 : n.includes("long") ? 5 : 4;
  return 6;
}

/** The options the Lenses step offers: invalid ones and Zeiss removed (§5), current one kept first choice. */
export function availableLensOptions<
  T extends { invalid_error_msg: string | null; lenses: { supplier: { name: string } } },
>(options: T[]): T[] {
  return options.filter((o) => !o.invalid_error_msg && !isZeiss(o.lenses.supplier.name));
}

/**
 * What the Lenses step says: "Frame size required" without a size; when nothing can be made,
 * "No lens available", preceded by "No lenses match this prescription" when the prescription is
 * what ruled every lens out.
 */
export function lensListMessages(
  frameSize: string | null | undefined,
  all: { invalid_error_msg: string | null }[],
): string[] {
  if (!frameSize) return [JOB_EDIT_MESSAGES.frameSizeRequired];
  if (all.some((o) => !o.invalid_error_msg)) return [];
  const candidates = all.filter((o) => o.invalid_error_msg !== JOB_EDIT_MESSAGES.zeissExcluded);
  const outOfRange =
    candidates.length > 0 &&
    candidates.every((o) => o.invalid_error_msg === JOB_EDIT_MESSAGES.prescriptionOutOfRange);
  return outOfRange
    ? [JOB_EDIT_MESSAGES.noLensesMatch, JOB_EDIT_MESSAGES.noLensAvailable]
    : [JOB_EDIT_MESSAGES.noLensAvailable];
}

// ---------------------------------------------------------------------------------------------
// The step machine (§2, §4 Job edit step)

export type JobEditStep = 1 | 2 | 3 | 4 | 5;
export const JOB_EDIT_STEP_TITLES: Record<JobEditStep, string> = {
  1: "Frame",
  2: "Prescription",
  3: "Pupil Distance",
  4: "Lenses",
  5: "Summary",
};

export interface StepContext {
  /** The order has a customer account (not a guest). */
  hasCustomer: boolean;
  /** The product needs a prescription; without one the flow ends after the frame. */
  requiresPrescription: boolean;
}

export type StepEvent =
  | { type: "confirm"; step: JobEditStep }
  | { type: "cancel"; step: JobEditStep }
  | { type: "change"; step: JobEditStep }
  | { type: "reset"; step: JobEditStep }
  | { type: "pdModalSaved"; mode: "create" | "edit" }
  | { type: "fileModalShown" };

export interface StepTransition {
  step: JobEditStep;
  /** What to clear: the frame's sizes and colours, and/or the prescription, PD and lens. */
  clearFrame?: boolean;
  clearSelection?: boolean;
}

/** Every transition of §4, in one function both the panel and its tests use. */
export function nextJobEditStep(current: JobEditStep, event: StepEvent, ctx: StepContext): StepTransition {
  const afterFrame: JobEditStep = ctx.hasCustomer && ctx.requiresPrescription ? 2 : 5;
  switch (event.type) {
    case "confirm":
      if (event.step === 1) return { step: afterFrame };
      if (event.step === 2) return { step: ctx.hasCustomer ? 3 : 5 };
      if (event.step === 3) return { step: 4 };
      if (event.step === 4) return { step: 5 };
      return { step: current };
    case "cancel":
      if (event.step === 1 || event.step === 2 || event.step === 4) return { step: 5 };
      if (event.step === 3) return { step: 4 };
      return { step: current };
    case "change":
      return { step: event.step };
    case "reset":
      return event.step === 1 ? { step: 1, clearFrame: true } : { step: event.step, clearSelection: true };
    case "pdModalSaved":
      if (event.mode === "edit") return { step: ctx.hasCustomer ? 5 : 4 };
      return { step: ctx.hasCustomer ? current : 4 };
    case "fileModalShown":
      return { step: ctx.hasCustomer ? 3 : 4 };
  }
}

// ---------------------------------------------------------------------------------------------
// The item-selection payload (§3) and the save rules (§5)

const sizeSchema = z.string().max(4).nullable();
const part = z.object({
  size: sizeSchema,
  colorId: rowId().nullable(),
  isExistingFrame: z.boolean().optional(),
});

export const itemSelectionSchema = z.object({
  customize: z.object({
    front: part.extend({ shape: z.enum(FRAME_SHAPES).nullable() }),
    left: part,
    right: part,
  }),
  prescription: z
    .object({
      type: z.enum(PRESCRIPTION_PURPOSES).nullable(),
      id: rowId().nullable(),
    })
    .nullable()
    .optional(),
  pdId: rowId().nullable().optional(),
  product_lens_addons_id: rowId().nullable().optional(),
  lens_warning_message: z.string().max(500).nullable().optional(),
  /** The selection revision the panel was filled from; a stale one answers 409. */
  revision: z.number().int().min(0).max(INT32_MAX).optional(),
});
export type ItemSelection = z.infer<typeof itemSelectionSchema>;

export const frameFromSelection = (s: ItemSelection["customize"]): FrameData => ({
  shape: s.front.shape,
  frameSize: s.front.size,
  leftArmSize: s.left.size,
  rightArmSize: s.right.size,
  frameColor: s.front.colorId,
  leftArmColor: s.left.colorId,
  rightArmColor: s.right.colorId,
  isExistingFrame: Boolean(s.front.isExistingFrame),
});
export const selectionFromFrame = (f: FrameData): ItemSelection["customize"] => ({
  front: { shape: f.shape, size: f.frameSize, colorId: f.frameColor, isExistingFrame: f.isExistingFrame },
  left: { size: f.leftArmSize, colorId: f.leftArmColor, isExistingFrame: f.isExistingFrame },
  right: { size: f.rightArmSize, colorId: f.rightArmColor, isExistingFrame: f.isExistingFrame },
});

export interface SaveFacts {
  lensType: string | null;
  requiresPrescription: boolean;
  prescription: JobRx | null;
  pd: JobPd | null;
  /** The chosen option's invalid_error_msg as the server computes it now; undefined when none is chosen. */
  lensInvalid?: string | null;
  lensChosen: boolean;
  /** A contact-lens product: no frame, PD or lens; a contact-lens prescription (type 2). */
  contactLens?: boolean;
}

export const CONTACT_LENS_PRESCRIPTION_REQUIRED = "A contact-lens item needs a contact-lens prescription.";
export const isContactLensProduct = (parentTypeKey: string | null | undefined) =>
  parentTypeKey === "contact-lenses";

/**
 * Save (§5): frame size and both arm sizes always; with a prescription product also a valid
 * Type (single vision), a prescription, a PD and a lens that can be made. Field → message.
 */
export function selectionSaveErrors(selection: ItemSelection, facts: SaveFacts): Record<string, string> {
  const out: Record<string, string> = {};
  if (facts.contactLens) {
    if (!facts.prescription) out.prescription = JOB_EDIT_MESSAGES.prescriptionRequired;
    else if (facts.prescription.type_id !== 2) out.prescription = CONTACT_LENS_PRESCRIPTION_REQUIRED;
    return out;
  }
  const frame = frameFromSelection(selection.customize);
  const fe = frameErrors(frame);
  for (const k of ["shape", "frameSize", "leftArmSize", "rightArmSize"] as const) if (fe[k]) out[k] = fe[k]!;
  if (!facts.requiresPrescription) return out;
  const rxErr = prescriptionStepError(
    facts.lensType,
    facts.prescription,
    selection.prescription?.type ?? null,
  );
  if (rxErr) out.prescription = rxErr;
  const pdErr = pdStepError(facts.pd, facts.lensType, facts.prescription?.category);
  if (pdErr) out.pdId = pdErr;
  if (!facts.lensChosen) out.product_lens_addons_id = JOB_EDIT_MESSAGES.lensRequired;
  else if (facts.lensInvalid) out.product_lens_addons_id = facts.lensInvalid;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Item confirmation (§4)

export interface ConfirmableItem {
  quantity?: number;
  region_product: { requires_prescription: boolean; parent_type: { key: string } };
  additional_info: Record<string, unknown> | null;
}

export function isItemConfirmed(item: ConfirmableItem): boolean {
  // After a customer change the item waits for step 2 again, whatever is left in its selection.
  if (needsPrescriptionReentry(item.additional_info)) return false;
  const data = (item.additional_info?.data ?? {}) as Record<string, unknown>;
  // A contact-lens item has no frame, PD or lens: its prescription is the whole selection.
  if (isContactLensProduct(item.region_product.parent_type.key)) return Boolean(data.prescription);
  if (item.region_product.requires_prescription)
    return Boolean(data.prescription && data.pd && data.lens_addon_combination);
  const customize = data.customize as Record<string, unknown> | undefined;
  return Boolean(customize && Object.values(customize).some((c) => c != null));
}

/** Items with a selection to edit: glasses, lenses-only, frames, sunglasses and contact lenses (not add-ons, accessories or services). */
export const hasJobSelection = (parentTypeKey: string) =>
  !["addon", "accessories", "service"].includes(parentTypeKey);

export const isGlassItem = (item: ConfirmableItem) =>
  ["glasses", "lenses-only"].includes(item.region_product.parent_type.key) && item.quantity !== -1;

/** The "Print job docket?" prompt: once every glasses or lenses-only item of the job is confirmed. */
export function allGlassItemsConfirmed(items: ConfirmableItem[]): boolean {
  const glass = items.filter(isGlassItem);
  return glass.length > 0 && glass.every(isItemConfirmed);
}

// ---------------------------------------------------------------------------------------------
// The timeline's words for a saved selection (issue 24)

/** The parts of a selection, in step order, as the timeline names them. */
export const SELECTION_PARTS = ["frame", "prescription", "PD", "lenses"] as const;
export type SelectionPart = (typeof SELECTION_PARTS)[number];

type SelectionLike = Partial<Omit<ItemSelection, "customize">> & { customize?: unknown } & Record<
    string,
    unknown
  >;

/**
 * What a save changed against the revision before it: "frame", "prescription" (which one or its
 * Type), "PD", "lenses". A first save names every part it fills.
 */
export function selectionChanges(
  before: SelectionLike | null | undefined,
  after: SelectionLike,
): SelectionPart[] {
  // Stored revisions come back from jsonb with their keys reordered, and a missing flag and a
  // null one mean the same: compare with sorted keys and no nulls.
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x != null && x !== false)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : (v ?? null);
  const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  const rx = (s: SelectionLike | null | undefined) =>
    s?.prescription ? { id: s.prescription.id ?? null, type: s.prescription.type ?? null } : null;
  const parts: [SelectionPart, unknown, unknown][] = [
    ["frame", before?.customize, after.customize],
    ["prescription", rx(before), rx(after)],
    ["PD", before?.pdId, after.pdId],
    ["lenses", before?.product_lens_addons_id, after.product_lens_addons_id],
  ];
  return parts.filter(([, a, b]) => !same(a, b)).map(([part]) => part);
}
