import { prescriptionSchema, rowId } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, messageEnvelope, qId, versionQuery } from "./envelope";
import { fileWire } from "./files";

export const prescriptionWire = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  type_id: z.number(),
  category: z.string().nullable(),
  category_display: z.string(),
  add_type: z.enum(["monocular", "binocular"]).nullable(),
  right_sph: z.number().nullable(),
  right_cyl: z.number().nullable(),
  right_axis: z.number().nullable(),
  left_sph: z.number().nullable(),
  left_cyl: z.number().nullable(),
  left_axis: z.number().nullable(),
  spectacles: z.record(z.string(), z.any()).nullable(),
  contact_lens: z.record(z.string(), z.any()).nullable(),
  source_id: z.number(),
  source: z.object({ data: z.object({ id: z.number(), name: z.string(), slug: z.string() }) }),
  origin: z.string().nullable(),
  outlet_id: z.number().nullable(),
  staff_user_id: z.number().nullable(),
  staff: z.object({ data: z.object({ id: z.number(), full_name: z.string() }) }).nullable(),
  note: z.string().nullable(),
  printed_note: z.string().nullable(),
  expiry_date_stamp: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  files: z.array(fileWire),
  prism_string: z.string(),
  standardised_prescription_display_array: z.object({ left: z.string(), right: z.string(), add: z.string() }),
  is_file_only: z.boolean(),
  can_edit: z.boolean(),
  error: z.string().nullable(),
});
export type PrescriptionWire = z.infer<typeof prescriptionWire>;

const body = prescriptionSchema;

/**
 * A prescription as read is a body the writes take: its source, staff and displays are dropped,
 * its expiry stamp is the expiry date ("Unspecified" is none), its files are their ids.
 */
const readShape = {
  readOnly: Object.keys(prescriptionWire.shape).filter((k) => !(k in prescriptionSchema.shape)),
  convert: {
    expiry_date_stamp: {
      to: "expiry_date",
      value: (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null),
    },
    files: {
      to: "files",
      value: (v: unknown) =>
        Array.isArray(v) ? v.map((f) => (typeof f === "object" && f !== null && "id" in f ? f.id : f)) : v,
    },
  },
};

export const createPrescription = defineEndpoint({
  serviceValidates: true,
  method: "POST",
  base: "api",
  path: "/v4/users/:id/prescriptions",
  summary: "Record a prescription for a customer",
  params: idParams,
  readShape,
  body,
  response: dataEnvelope(prescriptionWire),
});

export const createAnonymousPrescription = defineEndpoint({
  serviceValidates: true,
  method: "POST",
  base: "api",
  path: "/v4/users/prescriptions/storeAnonymous",
  summary: "Record a guest prescription (no customer)",
  readShape,
  body,
  response: dataEnvelope(prescriptionWire),
});

export const listCustomerPrescriptions = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/prescriptions",
  summary: "A customer's prescriptions, newest first (with=source,staff)",
  params: idParams,
  query: z.object({ with: z.string().optional() }),
  response: dataEnvelope(z.array(prescriptionWire)),
});

export const updatePrescription = defineEndpoint({
  serviceValidates: true,
  method: "PUT",
  base: "api",
  path: "/v4/prescriptions/:id",
  summary: "Edit a prescription (not a code-generated one)",
  params: idParams,
  readShape: { ...readShape, readOnly: readShape.readOnly.filter((k) => k !== "version") },
  body: body.and(z.object({ version: expectedVersion })),
  response: dataEnvelope(prescriptionWire),
});

export const deletePrescription = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/prescription/:id",
  summary: "Remove a prescription (not a code-generated one)",
  params: idParams,
  query: versionQuery,
  response: messageEnvelope,
});

export const emailPrescription = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/prescription/:id/email",
  summary: "E-mail a prescription to its customer",
  params: idParams,
  body: z.strictObject({ email: z.email().optional() }).optional(),
  response: messageEnvelope,
});

const rxFileParams = z.object({
  userId: qId,
  id: qId,
});

export const attachPrescriptionFiles = defineEndpoint({
  method: "PUT",
  base: "legacy",
  path: "/v4/users/:userId/prescriptions/:id/files",
  summary: "Attach uploaded files to a prescription",
  params: rxFileParams,
  body: z.strictObject({ files: z.array(rowId()).min(1).max(10) }),
  response: dataEnvelope(prescriptionWire),
});

export const detachPrescriptionFile = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/v4/users/:userId/prescriptions/:id/files/:fileId",
  summary: "Remove a file from a prescription",
  params: rxFileParams.extend({ fileId: qId }),
  response: messageEnvelope,
});
