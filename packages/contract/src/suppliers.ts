import {
  CONTACT_CHANNELS,
  LENS_CODE_MAX,
  LENS_CODE_PATTERN,
  LENS_EDGE_OPTIONS,
  LENS_ORDER_STATES,
  NOTES_MAX,
  rowId,
  SUPPLIER_KINDS,
  SUPPLIER_MESSAGES,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, messageEnvelope, qId, versionQuery } from "./envelope";

/**
 * A way to reach a supplier (jobs-area §3 Supplier contacts): a person's e-mail, a lab system's
 * import folder (file drop) or the supplier's automatic order interface (the "special API
 * contact" whose notes are limited to 25 characters, §5). A contact serves one region.
 */
export const supplierContactWire = z.object({
  id: z.number(),
  supplier_id: z.number(),
  region_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  /** The e-mail address orders go to (e-mail contacts; informational for the others). */
  mail: z.string().nullable(),
  phone: z.string().nullable(),
  channel: z.enum(CONTACT_CHANNELS),
  /** File drop: the folder under the server's LENS_DROP_DIR the lab system reads. */
  drop_folder: z.string().nullable(),
  /** The practice's account number with the supplier (the DCS record's ACCN). */
  account_number: z.string().nullable(),
  is_active: z.boolean(),
  version: z.number(),
});
export type SupplierContactWire = z.infer<typeof supplierContactWire>;

export const cutOptionsWire = z.object({
  UnCut: z.object({ valid: z.boolean() }),
  cut: z.object({ valid: z.boolean() }),
  FTC: z.object({ valid: z.boolean() }),
});

export const deliveryOutletWire = z.object({ region_id: z.number(), outlet_id: z.number() });

/**
 * A lens supplier with its contacts, cut options and default delivery outlets (§3, §9). `kind`
 * picks the supplier state rules (Hoya-type, Shamir-type or standard, §4); `contacts_listed`
 * false (suppliers 2, 3 and 4 of the seed, §9) leaves its e-mail contacts out of every list: it
 * is ordered only through its automatic interface or file drop.
 */
export const supplierWire = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string(),
  order_type: z.enum(["all", "api"]),
  kind: z.enum(SUPPLIER_KINDS),
  is_active: z.boolean(),
  contacts_listed: z.boolean(),
  allows_cut: z.boolean(),
  cut_options: cutOptionsWire,
  /** The longest notes its lab system takes; null: no limit of its own (ADR 0032). */
  notes_max_length: z.number().nullable(),
  /** It asks for heights on every lens, single vision too: an order without them is refused. */
  requires_heights: z.boolean(),
  /** Its lab system reads Rx-Universe's `_JTYPE` job type: the record carries it. */
  takes_job_type: z.boolean(),
  contacts: z.array(supplierContactWire),
  /** Where this supplier delivers by default, per region (an outlet, usually the service centre). */
  delivery_outlets: z.array(deliveryOutletWire),
  version: z.number(),
});
export type SupplierWire = z.infer<typeof supplierWire>;

/** The lens order of an item in brief: on the job's item and in the Order Lenses modal. */
export const lensOrderSummaryWire = z.object({
  id: z.number(),
  reference: z.string(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  supplier_kind: z.enum(SUPPLIER_KINDS),
  /**
   * pending: being sent; unknown: the supplier did not answer (send again); failed: refused; placed;
   * cancelled; rejected; not_sent: the e-mail was given up by the outbox (send again).
   */
  state: z.enum(LENS_ORDER_STATES),
  status_code: z.number(),
  status_label: z.string(),
  phase: z.string(),
  /** Stops the item from being ordered again (§4). */
  open: z.boolean(),
  can_cancel: z.boolean(),
  eta: z.string().nullable(),
  tracking_number: z.string().nullable(),
  created_at: z.string(),
});
export type LensOrderSummaryWire = z.infer<typeof lensOrderSummaryWire>;

/** The supplier as Order Lenses needs it for one item (`?order_item_id`). */
export const supplierForItemWire = supplierWire.extend({
  order_item_id: z.number(),
  /** The outlet to preselect in Deliver to: the supplier's default for the item's region, else the item's outlet. */
  default_delivery_outlet_id: z.number().nullable(),
  /** UnCut, Cut (where the supplier edges), FTC. */
  edge_options: z.array(z.enum(LENS_EDGE_OPTIONS)),
  /** Lens orders the supplier took for this item (`GET /order_lens/count`); above 0 the next is a repeat. */
  order_count: z.number(),
  is_repeat: z.boolean(),
  original_order_id: z.number().nullable(),
  /** An order that blocks a new one (§4), or null. */
  open_order: lensOrderSummaryWire.nullable(),
  /** Why Order Lenses is disabled for the item (§5); empty when it is enabled. */
  blockers: z.array(z.string()),
  /** The item's selected lens option, to preselect (§9). */
  current_lens_option_id: z.number().nullable(),
});
export type SupplierForItemWire = z.infer<typeof supplierForItemWire>;

export const listSuppliers = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/suppliers",
  summary: "Lens suppliers with their contacts, cut options and default delivery outlets",
  query: z.object({ include_inactive: z.enum(["true", "false"]).optional() }),
  response: dataEnvelope(z.array(supplierWire)),
});

export const getSupplier = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/suppliers/:id",
  jobRule: { action: "view_job", target: (r) => ({ item: r.query.order_item_id }) },
  summary:
    "One lens supplier; with order_item_id, as Order Lenses needs it for that item (contacts of its region, default delivery outlet, repeat count, blockers)",
  params: idParams,
  query: z.object({ order_item_id: qId.optional() }),
  // Without order_item_id the item's fields are absent.
  response: dataEnvelope(
    supplierForItemWire.partial({
      order_item_id: true,
      default_delivery_outlet_id: true,
      edge_options: true,
      order_count: true,
      is_repeat: true,
      original_order_id: true,
      open_order: true,
      blockers: true,
      current_lens_option_id: true,
    }),
  ),
});

/** An outlet's supplier contacts: the contacts of its region, listed suppliers only (§9). */
export const supplierContactForOutletWire = supplierContactWire.extend({
  supplier: z.object({
    id: z.number(),
    name: z.string(),
    abbreviation: z.string(),
    kind: z.enum(SUPPLIER_KINDS),
  }),
});

export const listSupplierContactsByOutlet = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/supplier_contacts_by_outlet/outlet/:id",
  outletRule: { action: "view_outlet", target: (r) => r.params.id },
  summary:
    "The supplier contacts an outlet orders through (its region's; suppliers whose contacts are not listed left out)",
  params: idParams,
  response: dataEnvelope(z.array(supplierContactForOutletWire)),
});

// ---------------------------------------------------------------------------------------------
// Settings (administrators)

const name = z.string().trim().min(1).max(100);
const supplierBody = z.object({
  name,
  abbreviation: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .regex(/^[A-Za-z0-9-]+$/, "The abbreviation may only contain letters, digits and dashes."),
  order_type: z.enum(["all", "api"]),
  kind: z.enum(SUPPLIER_KINDS),
  allows_cut: z.boolean(),
  contacts_listed: z.boolean(),
  is_active: z.boolean().default(true),
  // Lab-system options (ADR 0032); left out, they keep their current (or default) values.
  notes_max_length: z.number().int().min(1).max(NOTES_MAX).nullish(),
  requires_heights: z.boolean().optional(),
  takes_job_type: z.boolean().optional(),
});

export const createSupplier = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/suppliers",
  summary: "Add a lens supplier (administrators)",
  body: supplierBody,
  response: z.object({ message: z.string(), data: supplierWire }),
});

export const updateSupplier = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/suppliers/:id",
  summary: "Edit a lens supplier (administrators); send back the version read",
  params: idParams,
  body: supplierBody.extend({ version: expectedVersion }),
  response: z.object({ message: z.string(), data: supplierWire }),
});

const contactBody = z.object({
  region_id: rowId(),
  first_name: z.string().trim().max(100).default(""),
  last_name: z.string().trim().max(100).default(""),
  mail: z.email().max(200).nullish(),
  phone: z.string().trim().max(40).nullish(),
  channel: z.enum(CONTACT_CHANNELS).default("email"),
  drop_folder: z
    .string()
    .trim()
    .max(60)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
      "The folder may only contain letters, digits, dashes and underscores.",
    )
    .nullish(),
  account_number: z.string().trim().max(30).nullish(),
  is_active: z.boolean().default(true),
});

export const createSupplierContact = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/suppliers/:id/contacts",
  summary: "Add a contact to a lens supplier (administrators): e-mail needs mail, file drop a folder",
  params: idParams,
  body: contactBody,
  response: z.object({ message: z.string(), data: supplierContactWire }),
});

export const updateSupplierContact = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/supplier-contacts/:id",
  summary: "Edit a supplier contact (administrators); send back the version read",
  params: idParams,
  body: contactBody.extend({ version: expectedVersion }),
  response: z.object({ message: z.string(), data: supplierContactWire }),
});

export const deleteSupplierContact = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/supplier-contacts/:id",
  summary: "Remove a supplier contact (administrators); one with orders is made inactive instead",
  params: idParams,
  query: versionQuery,
  response: messageEnvelope,
});

export const setSupplierDeliveryOutlets = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/suppliers/:id/delivery-outlets",
  summary:
    "Set a supplier's default delivery outlet per region (administrators); the list replaces the old one",
  params: idParams,
  body: z.object({
    delivery_outlets: z.array(z.object({ region_id: rowId(), outlet_id: rowId() })).max(20),
    version: expectedVersion,
  }),
  response: z.object({ message: z.string(), data: supplierWire }),
});

// ---------------------------------------------------------------------------------------------
// The supplier's lenses in the catalogue, with its own code for each (ADR 0032)

export const supplierLensWire = z.object({
  id: z.number(),
  supplier_id: z.number(),
  name: z.string(),
  lens_type: z.string(),
  index: z.number(),
  /** The supplier's code for the lens: the DCS record's LNAM; null until an administrator sets it. */
  lens_code: z.string().nullable(),
  is_active: z.boolean(),
});
export type SupplierLensWire = z.infer<typeof supplierLensWire>;

export const listSupplierLenses = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/suppliers/:id/lenses",
  summary: "The supplier's lenses in the catalogue, each with the supplier's own lens code",
  params: idParams,
  response: dataEnvelope(z.array(supplierLensWire)),
});

export const setSupplierLensCode = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/suppliers/:id/lenses/:lensId",
  summary: "Set (or clear, with null) the supplier's code for one of its lenses (administrators)",
  params: z.object({ id: qId, lensId: qId }),
  body: z.object({
    lens_code: z
      .string()
      .trim()
      .max(LENS_CODE_MAX)
      .regex(LENS_CODE_PATTERN, SUPPLIER_MESSAGES.lensCodeFormat)
      .nullable()
      .transform((v) => v || null),
  }),
  response: z.object({ message: z.string(), data: supplierLensWire }),
});
