import { z } from "zod";
import { calendarDate, INT32_MAX, rowId } from "./input-rules";
import { messages } from "./messages";

// Prescriptions (customers-area §3–5, §9).

const range = (from: number, to: number, step: number) => {
  const out: number[] = [];
  const n = Math.round(Math.abs(to - from) / step);
  const dir = to >= from ? 1 : -1;
  for (let i = 0; i <= n; i++) out.push(Math.round((from + dir * i * step) * 100) / 100);
  return out;
};

/** "+1.25", "-0.50", "0.00": how powers read on a prescription. */
export const formatPower = (v: number | null | undefined): string =>
  v == null ? "" : v > 0 ? `+${v.toFixed(2)}` : v.toFixed(2);

/** Sphere +12.00 to −18.00 in 0.25 steps; cylinder 0 to −6.00; both offer None. */
export const SPHERE_VALUES = range(12, -18, 0.25);
export const CYLINDER_VALUES = range(0, -6, 0.25);
export const powerChoices = (values: number[]) => [
  { value: "", label: "None" },
  ...values.map((v) => ({ value: String(v), label: formatPower(v) })),
];
export const SPHERE_CHOICES = powerChoices(SPHERE_VALUES);
export const CYLINDER_CHOICES = powerChoices(CYLINDER_VALUES);
/** A new prescription starts at sphere 0 and cylinder 0 (spec §9), not at None. */
export const DEFAULT_SPHERE = 0;
export const DEFAULT_CYLINDER = 0;
export const ADD_VALUES = range(0.25, 4, 0.25);
export const AXIS_MIN = 1;
export const AXIS_MAX = 180;

export const PRESCRIPTION_TYPE_NAMES: Record<number, string> = { 1: "Spectacle", 2: "Contact Lens" };
export const CATEGORIES = ["class-a", "class-b", "class-c", "class-d"] as const;
export const categoryLabel = (category: string | null | undefined) => (category ?? "").replace(/^class-/, "");
export const NEAR_ADD_ENUM = ["LOW", "MEDIUM", "HIGH"] as const;
export const CODE_GENERATED_SOURCE = "cg";
export const isCodeGeneratedSource = (slug: string | null | undefined) => slug === CODE_GENERATED_SOURCE;

export const PRESCRIPTION_CREATED = "New Prescription has been successfully created!";
export const PRESCRIPTION_UPDATED = "Prescription has been successfully edited!";
export const PRESCRIPTION_EMAILED = "Email Sent Successfully";
export const PRESCRIPTION_EMAIL_FAILED = "Email Couldn't Send";
export const PLEASE_EDIT_PRESCRIPTION = "Please edit prescription";
export const CODE_GENERATED_LOCKED =
  "A code-generated prescription cannot be edited or removed; it can only be sent by e-mail.";

const num = z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
  if (v === "" || v === null) return null;
  const n = typeof v === "number" ? v : Number(v);
  if (Number.isNaN(n)) {
    ctx.addIssue({ code: "custom", message: "must be a number" });
    return z.NEVER;
  }
  return n;
});
const optNum = num.nullish().transform((v) => (v === undefined ? null : v));

/** Prism magnitudes are signed: horizontal + is base out, − base in; vertical + is base up, − base down. */
export const PRISM_KEYS = [
  "right_horiz_dist",
  "right_vert_dist",
  "left_horiz_dist",
  "left_vert_dist",
  "right_horiz_near",
  "right_vert_near",
  "left_horiz_near",
  "left_vert_near",
] as const;
export type PrismKey = (typeof PRISM_KEYS)[number];
/** The prism grid as a dispenser reads it: right and left rows, by distance and near, each base horizontal and vertical. */
export const prismKey = (eye: "right" | "left", at: "dist" | "near", axis: "horiz" | "vert") =>
  `${eye}_${axis}_${at}` as PrismKey;
export const signedPrism = (magnitude: number, direction: "out" | "in" | "up" | "down") =>
  direction === "in" || direction === "down" ? -Math.abs(magnitude) : Math.abs(magnitude);

const spectaclesSchema = z
  .object({
    right_near_add: optNum,
    left_near_add: optNum,
    right_int_add: optNum,
    left_int_add: optNum,
    prisms: z
      .object(Object.fromEntries(PRISM_KEYS.map((k) => [k, optNum])) as Record<PrismKey, typeof optNum>)
      .partial()
      .nullish(),
  })
  .partial();

const contactLensSchema = z
  .object({
    right_near_add: optNum,
    left_near_add: optNum,
    near_add_enum: z.enum(NEAR_ADD_ENUM).nullish(),
    right_base_curve: optNum,
    left_base_curve: optNum,
    right_diameter: optNum,
    left_diameter: optNum,
    type: z.string().max(100).nullish(),
    brand: z.string().max(100).nullish(),
    supplier: z.string().max(100).nullish(),
    colour: z.string().max(100).nullish(),
    notes: z.string().max(1000).nullish(),
    lens: z.string().max(100).nullish(),
  })
  .partial();

/** Labs read an axis of 0 as 180, the same meridian: accepted and stored as 180 (issue 52, ADR 0051). */
const axisField = optNum.transform((v) => (v === 0 ? AXIS_MAX : v));

const EYES = [
  ["right", "right"],
  ["left", "left"],
] as const;

/** The create/update payload; every rule of §5 puts its message on the field's path. */
export const prescriptionSchema = z
  .object({
    type_id: z.union([z.literal(1), z.literal(2)], {
      error: "The type field must be Spectacle or Contact Lens.",
    }),
    category: z.string().max(30).nullish(),
    add_type: z.enum(["monocular", "binocular"]).nullish(),
    right_sph: optNum,
    right_cyl: optNum,
    right_axis: axisField,
    left_sph: optNum,
    left_cyl: optNum,
    left_axis: axisField,
    spectacles: spectaclesSchema.nullish(),
    contact_lens: contactLensSchema.nullish(),
    source_id: z
      .number({ error: messages.required("source") })
      .int()
      .positive(messages.required("source"))
      .max(INT32_MAX),
    outlet_id: rowId().nullish(),
    note: z.string().max(2000).nullish(),
    printed_note: z.string().max(2000).nullish(),
    expiry_date: calendarDate("The expiry date field must be a date (YYYY-MM-DD).").nullish(),
    files: z.array(rowId()).max(10).nullish(),
  })
  .superRefine(
    (rx, ctx) => {
      // Runs even when other fields failed (`when` below), so one answer lists every problem.
      const n = (v: unknown) => (typeof v === "number" ? v : null);
      for (const [eye] of EYES) {
        const sph = n(rx[`${eye}_sph`]);
        const cyl = n(rx[`${eye}_cyl`]);
        const axis = n(rx[`${eye}_axis`]);
        if (sph != null && !SPHERE_VALUES.includes(sph)) {
          ctx.addIssue({
            code: "custom",
            path: [`${eye}_sph`],
            message: messages.between(`${eye} sphere`, -18, 12),
          });
        }
        if (cyl != null && !CYLINDER_VALUES.includes(cyl)) {
          ctx.addIssue({
            code: "custom",
            path: [`${eye}_cyl`],
            message: messages.between(`${eye} cylinder`, -6, 0),
          });
        }
        if (axis != null && (!Number.isInteger(axis) || axis < AXIS_MIN || axis > AXIS_MAX)) {
          ctx.addIssue({
            code: "custom",
            path: [`${eye}_axis`],
            message: messages.between(`${eye} axis`, AXIS_MIN, AXIS_MAX),
          });
        }
        const hasCyl = cyl != null && cyl !== 0;
        if (hasCyl && axis == null) {
          ctx.addIssue({
            code: "custom",
            path: [`${eye}_axis`],
            message: messages.requiredWith(`${eye} axis`, `${eye} cylinder`),
          });
        }
        if (axis != null && !hasCyl) {
          ctx.addIssue({
            code: "custom",
            path: [`${eye}_cyl`],
            message: messages.requiredWith(`${eye} cylinder`, `${eye} axis`),
          });
        }
      }
    },
    { when: () => true },
  );
export type PrescriptionInput = z.input<typeof prescriptionSchema>;
export type PrescriptionValues = z.output<typeof prescriptionSchema>;

export interface RxPowers {
  right_sph?: number | null;
  right_cyl?: number | null;
  right_axis?: number | null;
  left_sph?: number | null;
  left_cyl?: number | null;
  left_axis?: number | null;
  spectacles?: {
    right_near_add?: number | null;
    left_near_add?: number | null;
    right_int_add?: number | null;
    left_int_add?: number | null;
    prisms?: Partial<Record<PrismKey, number | null>> | null;
  } | null;
  contact_lens?: { right_near_add?: number | null; left_near_add?: number | null } | null;
}

const eyeLine = (sph?: number | null, cyl?: number | null, axis?: number | null) => {
  const s = sph == null || sph === 0 ? "Plano" : formatPower(sph);
  return cyl != null && cyl !== 0 ? `${s} / ${formatPower(cyl)} x ${axis ?? ""}`.trim() : s;
};

const nearAdds = (rx: RxPowers) => ({
  right: rx.spectacles?.right_near_add ?? rx.contact_lens?.right_near_add ?? null,
  left: rx.spectacles?.left_near_add ?? rx.contact_lens?.left_near_add ?? null,
});

/** The standardised display: one line per eye and the add ("" when there is none). */
export function standardisedDisplay(rx: RxPowers): { right: string; left: string; add: string } {
  const add = nearAdds(rx);
  let addText = "";
  if (add.right != null || add.left != null) {
    addText =
      add.right === add.left
        ? formatPower(add.right)
        : `R ${formatPower(add.right) || "-"} L ${formatPower(add.left) || "-"}`;
  }
  return {
    right: eyeLine(rx.right_sph, rx.right_cyl, rx.right_axis),
    left: eyeLine(rx.left_sph, rx.left_cyl, rx.left_axis),
    add: addText,
  };
}

/** "R 1.00 BO, 0.50 BU (dist); L 1.00 BI (near)" — empty when there is no prism. */
export function prismString(rx: RxPowers): string {
  const p = rx.spectacles?.prisms ?? {};
  const parts: string[] = [];
  for (const eye of ["right", "left"] as const) {
    for (const at of ["dist", "near"] as const) {
      const h = p[`${eye}_horiz_${at}` as PrismKey];
      const v = p[`${eye}_vert_${at}` as PrismKey];
      const bits: string[] = [];
      if (h) bits.push(`${Math.abs(h).toFixed(2)} ${h > 0 ? "BO" : "BI"}`);
      if (v) bits.push(`${Math.abs(v).toFixed(2)} ${v > 0 ? "BU" : "BD"}`);
      if (bits.length) parts.push(`${eye === "right" ? "R" : "L"} ${bits.join(", ")} (${at})`);
    }
  }
  return parts.join("; ");
}

export const expiryDisplay = (expiry: string | null | undefined) =>
  expiry ? expiry.slice(0, 10) : "Unspecified";

/** Only a file: plano both eyes, no add powers, and at least one file (spec §4). */
export function isFileOnlyPrescription(rx: RxPowers & { files?: unknown[] | null }): boolean {
  const plano = (v?: number | null) => v == null || v === 0;
  const add = nearAdds(rx);
  const intAdd = [rx.spectacles?.right_int_add, rx.spectacles?.left_int_add];
  return (
    plano(rx.right_sph) &&
    plano(rx.left_sph) &&
    plano(rx.right_cyl) &&
    plano(rx.left_cyl) &&
    plano(add.right) &&
    plano(add.left) &&
    intAdd.every(plano) &&
    (rx.files?.length ?? 0) > 0
  );
}

/** Binocular add: one value for both eyes. Monocular: typing the right copies to the left until the left is edited. */
export function applyAdd(
  addType: "monocular" | "binocular",
  current: { right: number | null; left: number | null },
  change: { eye: "right" | "left" | "both"; value: number | null },
  leftTouched: boolean,
): { right: number | null; left: number | null } {
  if (addType === "binocular" || change.eye === "both") return { right: change.value, left: change.value };
  if (change.eye === "right") return { right: change.value, left: leftTouched ? current.left : change.value };
  return { ...current, left: change.value };
}

/** The lens-type checks of §4: multifocal needs a near add; desk or work needs an int add. */
export function prescriptionErrorForLensType(
  rx: RxPowers,
  lensType: string | null | undefined,
): string | null {
  const add = nearAdds(rx);
  if (lensType === "multifocal" && add.right == null && add.left == null)
    return "A multifocal lens needs a near add.";
  if (
    (lensType === "desk" || lensType === "work") &&
    rx.spectacles?.right_int_add == null &&
    rx.spectacles?.left_int_add == null
  ) {
    return "A desk or work lens needs an intermediate add.";
  }
  return null;
}
