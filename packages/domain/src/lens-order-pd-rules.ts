import type { LensSide } from "./lens-order-rules";
import { presentPd } from "./pd-presenter";
import { PD_FIELD_LABELS, type PdHeightField, type PdWidthField } from "./pd-rules";

// What a lens order needs of the PD (issue 32), so that no record goes out with a value a lab would
// have to guess. The Order Lenses form asks it to disable ordering and say which value is missing;
// the server asks it again before anything is sent and refuses with the missing field named.

type Pd = Partial<Record<PdWidthField | PdHeightField, number | null | undefined>>;

export interface LensOrderPdContext {
  /** The product's lens type (single-vision, multifocal, bifocal, desk, work). */
  lensType: string | null | undefined;
  /** Which lenses are ordered: a side not ordered needs nothing. */
  eyes: LensSide;
  /** Single vision made for reading (the prescription's Type): its centration is the reading PD. */
  reading?: boolean;
  /** The supplier asks for heights on every lens, single vision too (its OC heights; a supplier setting). */
  supplierRequiresHeights?: boolean;
}

export const LENS_ORDER_PD_MESSAGES = {
  readingPdNeeded: (field: PdWidthField) =>
    `The ${PD_FIELD_LABELS[field]} is needed to order this lens: a lab would otherwise have to guess it.`,
  heightNeeded: (field: PdHeightField) =>
    `The ${PD_FIELD_LABELS[field]} is needed to order this lens: a lab would otherwise have to guess it.`,
} as const;

/** Lenses with a near portion (an add): their near centration is the reading PD. */
const NEAR_LENSES = ["multifocal", "bifocal", "desk", "work"];
/** Which PD heights a lens type is made to: its segment or fitting height, or the optical centre's. */
const heightKind = (lensType: string | null | undefined) =>
  lensType === "multifocal"
    ? "multifocal"
    : lensType === "bifocal"
      ? "bifocal"
      : lensType === "desk" || lensType === "work"
        ? "desk"
        : "aspheric";

/**
 * Field → message for every PD value this order needs and lacks; empty when the PD serves it.
 * - Bifocal, progressive and office lenses: both segment (fitting) heights, always.
 * - A lens with a near portion ordered with a reading PD: the reading PD of each ordered side (a
 *   reading PD on one side only would travel as 0 mm or as a guess); without any reading PD the lab
 *   works the near centration out from the distance PD, as usual.
 * - Single vision for reading: the reading PD of each ordered side.
 * - Where the supplier asks for heights, single vision too: both optical-centre heights.
 */
export function lensOrderPdErrors(
  pd: Pd | null | undefined,
  ctx: LensOrderPdContext,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!pd) return out;
  const sides = ctx.eyes === "both" ? (["right", "left"] as const) : ([ctx.eyes] as const);
  const clean = Object.fromEntries(Object.entries(pd).map(([k, v]) => [k, v ?? null])) as Partial<
    Record<PdWidthField | PdHeightField, number | null>
  >;
  const anyReading =
    clean.binocular_reading_pd != null || clean.right_reading_pd != null || clean.left_reading_pd != null;
  const near = NEAR_LENSES.includes(ctx.lensType ?? "");
  const readersSv = (ctx.lensType === "single-vision" || !ctx.lensType) && ctx.reading;
  if ((near && anyReading) || readersSv) {
    const reading = presentPd(clean, { purpose: "reading", lensType: ctx.lensType }).data.width;
    for (const side of sides) {
      if (reading[side] == null) {
        const field = `${side}_reading_pd` as PdWidthField;
        out[field] = LENS_ORDER_PD_MESSAGES.readingPdNeeded(field);
      }
    }
  }
  const kind = heightKind(ctx.lensType);
  if (kind !== "aspheric" || ctx.supplierRequiresHeights) {
    for (const side of sides) {
      const field = `${side}_height_${kind}` as PdHeightField;
      if (clean[field] == null) out[field] = LENS_ORDER_PD_MESSAGES.heightNeeded(field);
    }
  }
  return out;
}
