import { defaultCurrencyForCountry, timeZoneForRegion } from "./constants";
import { zoneDayBounds } from "./dates";
import { IMPORT_FIELDS, type ImportKind } from "./import-fields";
import { IMPORT_MESSAGES } from "./import-values";
import { RECORDED_TENDERS, type RecordedTender } from "./job-money";
import { messages } from "./messages";
import { timeZoneForState } from "./outlet-time-zones";
import { pdSchema } from "./pd-rules";
import { ADD_VALUES, type PrescriptionValues, prescriptionSchema } from "./prescription-rules";

// The import's rules for the records that hang off a customer or a job (issue 46): one mapped row
// of a chain's file → the values Loupe's own rules accept, or the fields it refuses and why. The
// prescription and PD rows go through the very schemas the screens and the API use, so a row the
// screen would refuse is refused here with the same words; the rest are the import's own rules.

/** A mapped cell as the engine hands it over: trimmed text, YYYY-MM-DD dates, numbers, booleans, null when blank. */
export type ImportRowValue = string | number | boolean | null;
export type ImportRowValues = Record<string, ImportRowValue>;

/** One refused field of a row. */
export interface ImportFieldError {
  field: string;
  reason: string;
}
export type ImportRowCheck<R> = { ok: true; record: R } | { ok: false; errors: ImportFieldError[] };

export const IMPORT_ROW_MESSAGES = {
  notFuture: (label: string) => `The ${label} can't be in the future.`,
  outlet: "The outlet is not one of the chain's outlets.",
  jobStatus: "The status is not one of Loupe's job statuses.",
  jobOpen:
    "Only a finished job is imported, as history (collected, completed, dispatched, cancelled, refunded or voided): finish an open job in the old system, or start it again in Loupe.",
  recallType: "The recall type is not one of Loupe's recall types.",
  prescriptionType: "The type field must be Spectacle or Contact Lens.",
  paymentMethod: "The method is not one of Loupe's payment methods.",
  quantity: "The quantity must be a whole number of at least 1.",
  priceNegative: "The price can't be below zero.",
  amountPositive: "The amount must be more than zero.",
  tooManyDecimals: (label: string, currency: string) =>
    `The ${label} has more decimals than ${currency} has cents.`,
  tooLarge: (label: string) => `The ${label} is too large.`,
  contactLensOnly: (label: string) => `The ${label} belongs to a contact lens prescription.`,
  noMeasurement: "The row has no PD or height.",
} as const;

/** The prescription and PD source imported records carry (reference data: "Imported from another system"). */
export const IMPORTED_SOURCE_SLUG = "imported";

/** Imported records name their source in their own words ("Imported from Optomate (batch #4)"). */
export const importedFromText = (systemLabel: string, batchId: number) =>
  `Imported from ${systemLabel} (batch #${batchId})`;

/** The read-only reason every action on an imported job gives (the job rulebook's `imported`). */
export const IMPORTED_JOB_LOCKED =
  "This job was imported from another system: it is history and can't be changed.";

const labelOf = (kind: ImportKind, field: string) =>
  (IMPORT_FIELDS[kind].find((f) => f.key === field)?.label ?? field).toLowerCase();

const text = (v: ImportRowValue): string | null => (v == null || v === "" ? null : String(v));
const num = (v: ImportRowValue): number | null => (typeof v === "number" ? v : v == null ? null : Number(v));

/** The errors of the fields a kind requires that the row leaves blank (the engine's words for them). */
function missing(kind: ImportKind, values: ImportRowValues, fields: readonly string[]): ImportFieldError[] {
  return fields
    .filter((f) => text(values[f]) == null)
    .map((field) => ({
      field,
      reason: IMPORT_MESSAGES.required(IMPORT_FIELDS[kind].find((f) => f.key === field)?.label ?? field),
    }));
}

function notFuture(kind: ImportKind, field: string, day: string | null, today: string): ImportFieldError[] {
  return day != null && day > today
    ? [{ field, reason: IMPORT_ROW_MESSAGES.notFuture(labelOf(kind, field)) }]
    : [];
}

/**
 * When a day imported without a time happened: noon on the zone's clock, so the day reads the same
 * on every outlet's clock of the chain (±11 hours) and never slips to the day before.
 */
export function importedDayInstant(day: string, timeZone: string): Date {
  const { from, to } = zoneDayBounds(day, timeZone);
  return new Date(from.getTime() + (to.getTime() - from.getTime()) / 2);
}

/** The chain's clock for records with no outlet of their own (a customer's prescription, note). */
export const chainTimeZone = (country: string) => timeZoneForState(country, null);
export const outletRegionTimeZone = (regionId: number) => timeZoneForRegion(regionId);

/** Minor units of an amount in a currency; null when it has more decimals than the currency has. */
export function exactMinorUnits(amount: number, currency: string): number | null {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits as number;
  const scaled = amount * 10 ** digits;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) > 1e-6 ? null : rounded;
}
export const importCurrency = (country: string) => defaultCurrencyForCountry(country);

// Prescriptions ---------------------------------------------------------------------------------

export interface PrescriptionImport {
  values: PrescriptionValues;
  prescribedOn: string;
}

/** Which import field a prescription schema's path is about, so an error names the file's column. */
const RX_FIELD_OF_PATH: Record<string, string> = {
  type_id: "type",
  right_sph: "right_sphere",
  right_cyl: "right_cylinder",
  right_axis: "right_axis",
  left_sph: "left_sphere",
  left_cyl: "left_cylinder",
  left_axis: "left_axis",
  expiry_date: "expires_on",
  note: "notes",
  "spectacles.right_near_add": "right_add",
  "spectacles.left_near_add": "left_add",
  "contact_lens.right_near_add": "right_add",
  "contact_lens.left_near_add": "left_add",
  "contact_lens.right_base_curve": "right_base_curve",
  "contact_lens.left_base_curve": "left_base_curve",
  "contact_lens.right_diameter": "right_diameter",
  "contact_lens.left_diameter": "left_diameter",
  "contact_lens.brand": "lens_brand",
};

/** Contact-lens fitting ranges (mm): the base curves and diameters soft and rigid lenses are made in. */
export const CONTACT_LENS_RANGES = {
  base_curve: { min: 6.5, max: 10.5 },
  diameter: { min: 8, max: 16 },
} as const;

/**
 * A prescription row: `type` is spectacle or contact_lens (the value map's codes); the powers go
 * through prescriptionSchema (the screens' messages); adds are the screen's choices; a contact lens
 * row's base curves and diameters are in the fitting ranges. The optometrist is kept in the note.
 */
export function checkPrescriptionRow(
  values: ImportRowValues,
  ctx: { sourceId: number; today: string },
): ImportRowCheck<PrescriptionImport> {
  const errors = missing("prescriptions", values, ["type", "prescribed_on"]);
  const type = text(values.type);
  const typeId = type === "spectacle" ? 1 : type === "contact_lens" ? 2 : null;
  if (type != null && typeId == null)
    errors.push({ field: "type", reason: IMPORT_ROW_MESSAGES.prescriptionType });
  const prescribedOn = text(values.prescribed_on);
  errors.push(...notFuture("prescriptions", "prescribed_on", prescribedOn, ctx.today));
  // Other systems write "0.00" for no add and for no cylinder (with the axis the cylinder would have
  // had): that is no add and no cylinder, not an add the screen's choices lack or an axis without
  // its cylinder. Read so, a single-vision prescription comes in as the screen would have saved it.
  const lens = (eye: "right" | "left") => {
    const cyl = num(values[`${eye}_cylinder`]);
    const add = num(values[`${eye}_add`]);
    return {
      add: add === 0 ? null : add,
      cyl: cyl === 0 ? null : cyl,
      axis: cyl === 0 ? null : num(values[`${eye}_axis`]),
    };
  };
  const right = lens("right");
  const left = lens("left");
  for (const eye of ["right", "left"] as const) {
    const add = (eye === "right" ? right : left).add;
    if (add != null && !ADD_VALUES.includes(add))
      errors.push({ field: `${eye}_add`, reason: messages.between(`${eye} add`, ADD_VALUES[0], 4) });
    for (const part of ["base_curve", "diameter"] as const) {
      const field = `${eye}_${part}`;
      const v = num(values[field]);
      if (v == null) continue;
      const label = `${eye} ${part.replace("_", " ")}`;
      if (typeId === 1) errors.push({ field, reason: IMPORT_ROW_MESSAGES.contactLensOnly(label) });
      const { min, max } = CONTACT_LENS_RANGES[part];
      if (v < min || v > max) errors.push({ field, reason: messages.between(label, min, max) });
    }
  }
  if (typeId === 1 && text(values.lens_brand) != null)
    errors.push({ field: "lens_brand", reason: IMPORT_ROW_MESSAGES.contactLensOnly("contact lens brand") });
  const optometrist = text(values.optometrist);
  const notes = text(values.notes);
  const note = [optometrist ? `Optometrist: ${optometrist}` : null, notes].filter(Boolean).join("\n") || null;
  const adds = { right_near_add: right.add, left_near_add: left.add };
  const input = {
    type_id: typeId ?? 1,
    right_sph: num(values.right_sphere),
    right_cyl: right.cyl,
    right_axis: right.axis,
    left_sph: num(values.left_sphere),
    left_cyl: left.cyl,
    left_axis: left.axis,
    spectacles: typeId === 2 ? null : adds,
    contact_lens:
      typeId === 2
        ? {
            ...adds,
            right_base_curve: num(values.right_base_curve),
            left_base_curve: num(values.left_base_curve),
            right_diameter: num(values.right_diameter),
            left_diameter: num(values.left_diameter),
            brand: text(values.lens_brand),
          }
        : null,
    source_id: ctx.sourceId,
    note,
    expiry_date: text(values.expires_on),
  };
  const parsed = prescriptionSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      // A note too long names the notes column, though part of it may be the optometrist's name.
      const field = RX_FIELD_OF_PATH[path] ?? path;
      if (!errors.some((e) => e.field === field)) errors.push({ field, reason: issue.message });
    }
  }
  if (errors.length || !parsed.success || !prescribedOn) return { ok: false, errors };
  return { ok: true, record: { values: parsed.data, prescribedOn } };
}

// PDs -------------------------------------------------------------------------------------------

export interface PdImport {
  measuredOn: string;
  binocularDistPd: number | null;
  rightDistPd: number | null;
  leftDistPd: number | null;
  /** A file's heights are fitting heights for multifocals (what practice systems record by default). */
  rightHeightMultifocal: number | null;
  leftHeightMultifocal: number | null;
  sourceId: number;
}

const PD_FIELD_OF_PATH: Record<string, string> = {
  binocular_dist_pd: "binocular_pd",
  right_dist_pd: "right_pd",
  left_dist_pd: "left_pd",
  right_height_multifocal: "right_height",
  left_height_multifocal: "left_height",
};

/** A PD row, by pdSchema (the screen's limits and half steps): distance PDs and multifocal heights. */
export function checkPdRow(
  values: ImportRowValues,
  ctx: { sourceId: number; today: string },
): ImportRowCheck<PdImport> {
  const errors = missing("pds", values, ["measured_on"]);
  const measuredOn = text(values.measured_on);
  errors.push(...notFuture("pds", "measured_on", measuredOn, ctx.today));
  const input = {
    binocular_dist_pd: num(values.binocular_pd),
    right_dist_pd: num(values.right_pd),
    left_dist_pd: num(values.left_pd),
    right_height_multifocal: num(values.right_height),
    left_height_multifocal: num(values.left_height),
    source_id: ctx.sourceId,
  };
  const onlyHeights =
    input.binocular_dist_pd == null && input.right_dist_pd == null && input.left_dist_pd == null;
  const hasHeight = input.right_height_multifocal != null || input.left_height_multifocal != null;
  const parsed = pdSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = PD_FIELD_OF_PATH[issue.path.join(".")] ?? issue.path.join(".");
      if (errors.some((e) => e.field === field)) continue;
      // A heights-only row (a fitting without a new PD) is a record staff keep: the width rule's
      // "required" is for the screen's blank form; a row with nothing at all is refused.
      if (onlyHeights && field === "binocular_pd") {
        if (!hasHeight) errors.push({ field, reason: IMPORT_ROW_MESSAGES.noMeasurement });
        continue;
      }
      errors.push({ field, reason: issue.message });
    }
  }
  if (errors.length || !measuredOn) return { ok: false, errors };
  return {
    ok: true,
    record: {
      measuredOn,
      binocularDistPd: input.binocular_dist_pd,
      rightDistPd: input.right_dist_pd,
      leftDistPd: input.left_dist_pd,
      rightHeightMultifocal: input.right_height_multifocal,
      leftHeightMultifocal: input.left_height_multifocal,
      sourceId: ctx.sourceId,
    },
  };
}

// Notes -----------------------------------------------------------------------------------------

/** The note screens' limits (customer-actions contract): 2 to 5000 characters. */
export const NOTE_MIN = 2;
export const NOTE_MAX = 5000;

export interface NoteImport {
  writtenOn: string;
  content: string;
}

/** A note row: its text as the note screen takes it; the author, who is no Loupe user, is signed under it. */
export function checkNoteRow(values: ImportRowValues, ctx: { today: string }): ImportRowCheck<NoteImport> {
  const errors = missing("notes", values, ["written_on", "text"]);
  const writtenOn = text(values.written_on);
  errors.push(...notFuture("notes", "written_on", writtenOn, ctx.today));
  const body = text(values.text)?.trim() ?? null;
  const author = text(values.author);
  const content = body && author ? `${body}\n— ${author}` : body;
  if (body != null && body.length < NOTE_MIN)
    errors.push({ field: "text", reason: messages.minLength("note", NOTE_MIN) });
  if (content != null && content.length > NOTE_MAX)
    errors.push({ field: "text", reason: messages.maxLength("note", NOTE_MAX) });
  if (errors.length || !writtenOn || !content) return { ok: false, errors };
  return { ok: true, record: { writtenOn, content } };
}

// Recalls ---------------------------------------------------------------------------------------

export interface ImportRecallType {
  id: number;
  name: string;
  regionId: number;
  active: boolean;
}
export interface RecallImport {
  /** The types the code names: by id, or by name in each region that has one (the customer's region picks). */
  recallTypeIds: number[];
  dueOn: string;
}

/** A recall row: the code is a recall type's id or its name (any case); archived types are refused. */
export function checkRecallRow(
  values: ImportRowValues,
  ctx: { recallTypes: readonly ImportRecallType[] },
): ImportRowCheck<RecallImport> {
  const errors = missing("recalls", values, ["recall_type", "due_on"]);
  const code = text(values.recall_type)?.trim().toLowerCase() ?? null;
  const active = ctx.recallTypes.filter((t) => t.active);
  const byId = active.filter((t) => String(t.id) === code);
  const matches = byId.length ? byId : active.filter((t) => t.name.trim().toLowerCase() === code);
  if (code != null && !matches.length)
    errors.push({ field: "recall_type", reason: IMPORT_ROW_MESSAGES.recallType });
  const dueOn = text(values.due_on);
  if (errors.length || !dueOn) return { ok: false, errors };
  return { ok: true, record: { recallTypeIds: matches.map((t) => t.id), dueOn } };
}

// Jobs ------------------------------------------------------------------------------------------

export interface JobImport {
  outletId: number;
  regionId: number;
  statusSlug: string;
  createdOn: string;
  createdAt: Date;
  jobNumber: string | null;
  notes: string | null;
}

/**
 * The statuses an imported job may have. An imported job is history and never changes (the
 * rulebook refuses every action on it), so a job still in the workshop would sit in the workshop's
 * lists for ever: such a row is refused, and the chain finishes it where it began or starts it in Loupe.
 */
export const IMPORTED_JOB_STATUSES: readonly string[] = [
  "dispatched",
  "collected-by-customer",
  "completed",
  "cancelled",
  "refunded",
  "refunded-transaction",
  "voided",
];

/** The longest job number kept (the counter's are 11 characters; other systems' rarely pass 20). */
export const IMPORT_JOB_NUMBER_MAX = 40;

/** A job row: its outlet (an abbreviation), a dispense status's slug, a day not in the future. */
export function checkJobRow(
  values: ImportRowValues,
  ctx: {
    outlets: readonly { id: number; abbreviation: string; regionId: number; timeZone?: string | null }[];
    statusSlugs: readonly string[];
    today: string;
  },
): ImportRowCheck<JobImport> {
  const errors = missing("jobs", values, ["outlet", "status", "created_on"]);
  const code = text(values.outlet)?.toLowerCase() ?? null;
  const outlet = code == null ? null : ctx.outlets.find((o) => o.abbreviation.toLowerCase() === code);
  if (code != null && !outlet) errors.push({ field: "outlet", reason: IMPORT_ROW_MESSAGES.outlet });
  const status = text(values.status);
  if (status != null && !ctx.statusSlugs.includes(status))
    errors.push({ field: "status", reason: IMPORT_ROW_MESSAGES.jobStatus });
  else if (status != null && !IMPORTED_JOB_STATUSES.includes(status))
    errors.push({ field: "status", reason: IMPORT_ROW_MESSAGES.jobOpen });
  const createdOn = text(values.created_on);
  errors.push(...notFuture("jobs", "created_on", createdOn, ctx.today));
  const jobNumber = text(values.job_number);
  if (jobNumber != null && jobNumber.length > IMPORT_JOB_NUMBER_MAX)
    errors.push({ field: "job_number", reason: messages.maxLength("job number", IMPORT_JOB_NUMBER_MAX) });
  const notes = text(values.notes);
  if (notes != null && notes.length > NOTE_MAX)
    errors.push({ field: "notes", reason: messages.maxLength("notes", NOTE_MAX) });
  if (errors.length || !outlet || !status || !createdOn) return { ok: false, errors };
  return {
    ok: true,
    record: {
      outletId: outlet.id,
      regionId: outlet.regionId,
      statusSlug: status,
      createdOn,
      createdAt: importedDayInstant(createdOn, outlet.timeZone ?? timeZoneForRegion(outlet.regionId)),
      jobNumber,
      notes,
    },
  };
}

/** The largest amount one imported line or payment may carry (the counter's own ceiling). */
export const IMPORT_MAX_AMOUNT = 1_000_000;

export interface JobItemImport {
  description: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
}

/** An item row: a description, a whole quantity (1 when blank), a price each, tax included, in the chain's currency. */
export function checkJobItemRow(
  values: ImportRowValues,
  ctx: { currency: string },
): ImportRowCheck<JobItemImport> {
  const errors = missing("job_items", values, ["description", "price"]);
  const description = text(values.description);
  if (description != null && description.length > 200)
    errors.push({ field: "description", reason: messages.maxLength("description", 200) });
  const quantity = num(values.quantity) ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
    errors.push({ field: "quantity", reason: IMPORT_ROW_MESSAGES.quantity });
  const price = num(values.price);
  let unitPriceMinor: number | null = null;
  if (price != null) {
    unitPriceMinor = exactMinorUnits(price, ctx.currency);
    if (price < 0) errors.push({ field: "price", reason: IMPORT_ROW_MESSAGES.priceNegative });
    else if (price > IMPORT_MAX_AMOUNT)
      errors.push({ field: "price", reason: IMPORT_ROW_MESSAGES.tooLarge("price") });
    else if (unitPriceMinor == null)
      errors.push({ field: "price", reason: IMPORT_ROW_MESSAGES.tooManyDecimals("price", ctx.currency) });
  }
  if (errors.length || !description || unitPriceMinor == null) return { ok: false, errors };
  return {
    ok: true,
    record: {
      description,
      sku: text(values.sku),
      quantity,
      unitPriceMinor,
      totalMinor: unitPriceMinor * quantity,
    },
  };
}

export interface JobPaymentImport {
  paidOn: string;
  amountMinor: number;
  tender: RecordedTender;
}

/** A payment row: a day not in the future, an amount above zero in the chain's currency, a method (other when blank). */
export function checkJobPaymentRow(
  values: ImportRowValues,
  ctx: { currency: string; today: string },
): ImportRowCheck<JobPaymentImport> {
  const errors = missing("job_payments", values, ["paid_on", "amount"]);
  const paidOn = text(values.paid_on);
  errors.push(...notFuture("job_payments", "paid_on", paidOn, ctx.today));
  const amount = num(values.amount);
  let amountMinor: number | null = null;
  if (amount != null) {
    amountMinor = exactMinorUnits(amount, ctx.currency);
    if (amount <= 0) errors.push({ field: "amount", reason: IMPORT_ROW_MESSAGES.amountPositive });
    else if (amount > IMPORT_MAX_AMOUNT)
      errors.push({ field: "amount", reason: IMPORT_ROW_MESSAGES.tooLarge("amount") });
    else if (amountMinor == null)
      errors.push({ field: "amount", reason: IMPORT_ROW_MESSAGES.tooManyDecimals("amount", ctx.currency) });
  }
  const method = text(values.method) ?? "other";
  if (!(RECORDED_TENDERS as readonly string[]).includes(method))
    errors.push({ field: "method", reason: IMPORT_ROW_MESSAGES.paymentMethod });
  if (errors.length || !paidOn || amountMinor == null) return { ok: false, errors };
  return { ok: true, record: { paidOn, amountMinor, tender: method as RecordedTender } };
}
