import { INT32_MAX, itemSelectionSchema, PRESCRIPTION_PURPOSES, rowIdText } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint, type RuleRequest } from "./endpoint";
import { dataEnvelope, idParams } from "./envelope";
import { orderItemWire, selectionInfoWire } from "./jobs";

// The job edit calls (jobs-area §7 "Job edit", "Lens ordering"): the lens options a region product
// can be made with for a prescription, PD and frame; the product's lens type; saving an item's
// selection as numbered revisions (ADR 0011); a contact-lens prescription's file.

export const lensOptionWire = z.object({
  id: z.number(),
  lens_id: z.number(),
  region_product_id: z.number(),
  price: z.number(),
  warning_message: z.string().nullable(),
  lenses: z.object({
    id: z.number(),
    name: z.string(),
    supplier: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }),
    display_thickness: z.string(),
    index: z.number(),
    coating: z.string().nullable(),
    lens_color: z.object({ name: z.string() }).nullable(),
    warning_message: z.string().nullable(),
    lens_type: z.string(),
    diameters: z.array(z.number()),
    ranges: z.object({
      sph_min: z.number(),
      sph_max: z.number(),
      cyl_min: z.number(),
      add_min: z.number().nullable(),
      add_max: z.number().nullable(),
    }),
  }),
  coating: z.object({ name: z.string(), display_name: z.string() }),
  tint: z.object({ display_name: z.string() }).nullable(),
  /** Why this option cannot be made for the prescription, PD and frame; null when it can. */
  invalid_error_msg: z.string().nullable(),
});
export type LensOptionWire = z.infer<typeof lensOptionWire>;

const optionalId = rowIdText().optional();

export const listProductLensAddons = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/product-lens-addons",
  summary:
    "Lens options of a region product for a prescription, PD and frame size; each dropped one says why (invalid_error_msg)",
  query: z.object({
    region_product_id: rowIdText(),
    prescription_id: optionalId,
    prescription_type: z.enum(PRESCRIPTION_PURPOSES).optional(),
    pd_id: optionalId,
    frame_size: z.string().max(4).optional(),
  }),
  response: z.object({
    /** Every option, in the ordering preference of §9, the dropped ones carrying invalid_error_msg. */
    data: z.array(lensOptionWire),
    /** Set when no option remains: "No lens available" (or "Frame size required"). */
    invalid_error_msg: z.string().nullable(),
    /** What the Lenses step shows above the list. */
    messages: z.array(z.string()),
  }),
});

export const regionProductWire = z.object({
  id: z.number(),
  region_id: z.number(),
  name: z.string(),
  price: z.number(),
  requires_prescription: z.boolean(),
  product: z.object({ name: z.string(), type: z.object({ key: z.string() }) }),
  parent_type: z.object({ key: z.string() }),
  lenses_type: z.string().nullable(),
  lens_type: z.object({ id: z.number(), key: z.string(), name: z.string() }).nullable(),
});

export const getRegionProductLensType = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/region-products/:id/lens-type",
  summary: "A region product's lens type (single vision, bifocal, multifocal, desk/work)",
  params: idParams,
  response: dataEnvelope(regionProductWire),
});

export const listRegionProducts = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/region-products",
  summary: "The product catalogue of a region",
  query: z.object({ region_id: optionalId }),
  response: dataEnvelope(z.array(regionProductWire)),
});

const saveItemSelectionBase = {
  serviceValidates: true,
  base: "api",
  path: "/staff/order-items/:id/info",
  jobRule: { action: "job_edit", target: (r: RuleRequest) => ({ item: r.params.id }) },
  // The saved selection (prescription, PD) is answered: logged as what it showed; the change
  // itself is on the job's timeline with its revision (ADR 0028).
  access: { resource: "job_item", action: "view" },
  params: idParams,
  body: itemSelectionSchema,
  response: z.object({ data: orderItemWire, message: z.string() }),
} as const;

export const saveItemSelection = defineEndpoint({
  ...saveItemSelectionBase,
  method: "PUT",
  summary:
    "Save an item's frame, prescription, PD and lens as its next revision; a stale `revision` answers 409",
});
export const createItemSelection = defineEndpoint({
  ...saveItemSelectionBase,
  method: "POST",
  summary: "Save an item's first selection (same rules as PUT)",
});

export const selectionRevisionWire = z.object({
  revision: z.number(),
  created_at: z.string(),
  staff: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  restored_from: z.number().nullable(),
  additional_info: selectionInfoWire,
});

export const listItemSelectionRevisions = defineEndpoint({
  access: { resource: "job_item", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/order-items/:id/info/revisions",
  jobRule: { action: "view_job", target: (r) => ({ item: r.params.id }) },
  summary: "Every saved selection of an item, newest first",
  params: idParams,
  response: dataEnvelope(z.array(selectionRevisionWire)),
});

export const restoreItemSelectionRevision = defineEndpoint({
  access: { resource: "job_item", action: "view" },
  jobRule: { action: "job_edit", target: (r) => ({ item: r.params.id }) },
  method: "POST",
  base: "api",
  path: "/staff/order-items/:id/info/revisions/:revision/restore",
  summary: "Save an earlier revision again, as a new revision (same stale check as a save)",
  params: z.object({
    id: rowIdText(),
    revision: rowIdText(),
  }),
  body: z.object({ revision: z.number().int().min(0).max(INT32_MAX).optional() }),
  response: z.object({ data: orderItemWire, message: z.string() }),
});

export const getContactLensPrescriptionFile = defineEndpoint({
  files: {
    description: "The prescription's file as stored (its own media type)",
    mediaTypes: ["application/octet-stream", "image/*", "application/pdf"],
    stored: true,
  },
  method: "GET",
  base: "api",
  path: "/io-api/getContactLensPrescriptionFile/:id",
  summary: "The file of a contact-lens prescription (its first attached file)",
  params: idParams,
  // A scan of a health record: every download lands in the access log (ADR 0013).
  access: { resource: "contact_lens", action: "download" },
});
