import { z } from "zod";
import { INT32_MAX, rowId } from "./input-rules";
import { messages } from "./messages";

// Pupil distances (customers-area §3–5, jobs-area §5).

export const PD_WIDTH_FIELDS = [
  "binocular_dist_pd",
  "binocular_int_pd",
  "binocular_reading_pd",
  "right_dist_pd",
  "left_dist_pd",
  "right_int_pd",
  "left_int_pd",
  "right_reading_pd",
  "left_reading_pd",
] as const;
export const PD_HEIGHT_FIELDS = [
  "right_height_multifocal",
  "left_height_multifocal",
  "right_height_bifocal",
  "left_height_bifocal",
  "right_height_desk",
  "left_height_desk",
  "right_height_aspheric",
  "left_height_aspheric",
] as const;
export type PdWidthField = (typeof PD_WIDTH_FIELDS)[number];
export type PdHeightField = (typeof PD_HEIGHT_FIELDS)[number];

export const PD_FIELD_LABELS: Record<PdWidthField | PdHeightField, string> = {
  binocular_dist_pd: "binocular distance PD",
  binocular_int_pd: "binocular intermediate PD",
  binocular_reading_pd: "binocular reading PD",
  right_dist_pd: "right distance PD",
  left_dist_pd: "left distance PD",
  right_int_pd: "right intermediate PD",
  left_int_pd: "left intermediate PD",
  right_reading_pd: "right reading PD",
  left_reading_pd: "left reading PD",
  right_height_multifocal: "right multifocal height",
  left_height_multifocal: "left multifocal height",
  right_height_bifocal: "right bifocal height",
  left_height_bifocal: "left bifocal height",
  right_height_desk: "right desk height",
  left_height_desk: "left desk height",
  right_height_aspheric: "right aspheric height",
  left_height_aspheric: "left aspheric height",
};

export const FRAME_SIZES = ["XS", "S", "M", "L"] as const;
export const GLASS_SHAPES = ["classic", "round", "non-brand"] as const;
export type GlassShape = (typeof GLASS_SHAPES)[number];

export const PD_CREATED = "New PD has been successfully created!";
export const PD_UPDATED = "PD has been successfully edited!";
export const PD_CREATE_FAILED = "Failed to create new PD. Please try again.";
export const PD_HEIGHTS_FAILED = "Failed to update PD heights. Please try again.";
export const PD_HEIGHTS_UPDATED = "PD heights have been successfully updated!";

/** Empty strings from the form become null before validation (spec §5). */
export function normalisePdInput<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === "") out[k] = null;
    else if (
      typeof v === "string" &&
      (PD_WIDTH_FIELDS as readonly string[]).concat(PD_HEIGHT_FIELDS).includes(k) &&
      !Number.isNaN(Number(v))
    )
      out[k] = Number(v);
    else out[k] = v;
  }
  return out as T;
}

type PdValues = Partial<Record<PdWidthField | PdHeightField, number | null>>;

/** Complex when any intermediate or reading value exists, else Simple. */
export const isComplexPd = (pd: PdValues): boolean =>
  [
    "binocular_int_pd",
    "binocular_reading_pd",
    "right_int_pd",
    "left_int_pd",
    "right_reading_pd",
    "left_reading_pd",
  ].some((k) => pd[k as PdWidthField] != null);

const isHalfStep = (v: number) => Number.isInteger(v * 2);

/** Field → message for the width rules of §5; empty when valid. */
export function pdWidthErrors(pd: PdValues): Partial<Record<PdWidthField, string>> {
  const errors: Partial<Record<PdWidthField, string>> = {};
  if (PD_WIDTH_FIELDS.every((f) => pd[f] == null)) {
    errors.binocular_dist_pd = messages.required(PD_FIELD_LABELS.binocular_dist_pd);
    return errors;
  }
  const complex = isComplexPd(pd);
  for (const f of PD_WIDTH_FIELDS) {
    const v = pd[f];
    if (v == null) continue;
    const label = PD_FIELD_LABELS[f];
    const min = complex ? 10 : f === "binocular_dist_pd" ? 30 : 15;
    if (v < min) errors[f] = messages.minValue(label, min);
    else if (v > 100) errors[f] = messages.maxValue(label, 100);
    else if (!isHalfStep(v)) errors[f] = messages.halfValue;
  }
  return errors;
}

const pdNumber = z.number().nullish();

export const pdSchema = z
  .object({
    ...Object.fromEntries([...PD_WIDTH_FIELDS, ...PD_HEIGHT_FIELDS].map((f) => [f, pdNumber])),
    frame_size: z.enum([...FRAME_SIZES, "nd"]).nullish(),
    arm_size: z.enum([...FRAME_SIZES, "nd"]).nullish(),
    glass_shape_type: z.enum(GLASS_SHAPES).nullish(),
    note: z.string().max(2000).nullish(),
    source_id: z
      .number({ error: messages.required("source") })
      .int()
      .positive(messages.required("source"))
      .max(INT32_MAX),
    outlet_id: rowId().nullish(),
  })
  .superRefine(
    (raw, ctx) => {
      // Runs even when other fields failed (`when` below), so one answer lists every problem.
      const pd = Object.fromEntries(
        Object.entries(raw ?? {}).map(([k, v]) => [k, typeof v === "number" ? v : null]),
      ) as PdValues;
      for (const [field, message] of Object.entries(pdWidthErrors(pd))) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
      for (const f of PD_HEIGHT_FIELDS) {
        const v = pd[f];
        if (v != null && (v < 0 || v > 60)) {
          ctx.addIssue({ code: "custom", path: [f], message: messages.between(PD_FIELD_LABELS[f], 0, 60) });
        }
      }
    },
    { when: () => true },
  );
export type PdInput = z.input<typeof pdSchema>;
export type PdFormValues = z.output<typeof pdSchema>;

/** The PD checks against a lens type (§4); null when the PD serves it. */
export function pdErrorForLensType(
  pd: PdValues,
  lensType: string | null | undefined,
  category?: string | null,
): string | null {
  if (
    lensType === "multifocal" &&
    (pd.right_height_multifocal == null || pd.left_height_multifocal == null)
  ) {
    return "A multifocal lens needs right and left multifocal heights.";
  }
  if (lensType === "single-vision" && (category === "class-b" || category === "class-c")) {
    if (pd.right_dist_pd == null || pd.left_dist_pd == null)
      return "This lens needs right and left monocular distance PDs.";
  }
  if (
    (lensType === "desk" || lensType === "work") &&
    (pd.right_height_desk == null || pd.left_height_desk == null)
  ) {
    return "A desk or work lens needs right and left desk heights.";
  }
  return null;
}
