import {
  int32,
  PD_HEIGHT_FIELDS,
  PD_WIDTH_FIELDS,
  type PdHeightField,
  type PdWidthField,
  pdSchema,
  rowId,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, messageEnvelope, qInt, versionQuery } from "./envelope";

const measurement = Object.fromEntries(
  [...PD_WIDTH_FIELDS, ...PD_HEIGHT_FIELDS].map((f) => [f, z.number().nullable()]),
) as Record<PdWidthField | PdHeightField, z.ZodNullable<z.ZodNumber>>;

export const pdPresenterWire = z.object({
  data: z.object({
    width: z.object({
      right: z.number().nullable(),
      left: z.number().nullable(),
      binocular: z.number().nullable(),
      pdZone: z.string(),
    }),
    height: z.object({
      right: z.number().nullable(),
      left: z.number().nullable(),
      pdZone: z.string(),
      error_message: z.string().nullable(),
    }),
  }),
  message: z.string().nullable(),
  error: z.string().nullable(),
});

export const pdWire = z.object({
  id: z.number(),
  customer_id: z.number().nullable(),
  lens_type_id: z.number().nullable(),
  ...measurement,
  frame_size: z.string().nullable(),
  arm_size: z.string().nullable(),
  glass_shape_type: z.string().nullable(),
  note: z.string().nullable(),
  source_id: z.number(),
  source: z.object({ data: z.object({ id: z.number(), name: z.string(), slug: z.string() }) }),
  outlet_id: z.number().nullable(),
  staff_user_id: z.number().nullable(),
  staff: z.object({ data: z.object({ id: z.number(), full_name: z.string() }) }).nullable(),
  is_complex: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  pdPresenter: pdPresenterWire,
});
export type PdWire = z.infer<typeof pdWire>;

const presenterQuery = z.object({
  purpose: z.enum(["distance", "intermediate", "reading"]).optional(),
  lens_type: z.string().optional(),
  lens_type_id: qInt.optional(),
  with: z.string().optional(),
});

export const createPd = defineEndpoint({
  serviceValidates: true,
  method: "POST",
  base: "api",
  path: "/customer-pd",
  summary: "Record a PD for a customer (customer_user_id)",
  body: pdSchema.and(z.object({ customer_user_id: rowId(), lens_type_id: int32().nullish() })),
  response: dataEnvelope(pdWire),
});

export const createGuestPd = defineEndpoint({
  serviceValidates: true,
  method: "POST",
  base: "api",
  path: "/customer-pd-guest",
  summary: "Record a guest PD (lens_type defaults to 3)",
  body: pdSchema.and(z.object({ lens_type: rowId().optional() })),
  response: dataEnvelope(pdWire),
});

export const listCustomerPds = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/pds",
  summary: "A customer's PDs, newest first, each with its presenter",
  params: idParams,
  query: presenterQuery,
  response: dataEnvelope(z.array(pdWire)),
});

export const getPd = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/new-customer-pd/:id",
  summary: "One PD with its presenter for a purpose and lens type",
  params: idParams,
  query: presenterQuery,
  response: dataEnvelope(pdWire),
});

export const updatePd = defineEndpoint({
  serviceValidates: true,
  method: "PUT",
  base: "api",
  path: "/new-customer-pd/:id",
  summary: "Edit a PD; a stale `version` answers 409",
  params: idParams,
  body: pdSchema.and(z.object({ version: expectedVersion })),
  response: dataEnvelope(pdWire),
});

export const deletePd = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/customer-pd/:id",
  summary: "Remove a PD",
  params: idParams,
  query: versionQuery,
  response: messageEnvelope,
});
