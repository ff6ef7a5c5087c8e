import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams } from "./envelope";
import { supplierContactForOutletWire } from "./suppliers";

export const addressWire = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
});

export const regionWire = z.object({
  id: z.number(),
  name: z.string(),
  country_code: z.string(),
  countryCode: z.string(),
  default_currency: z.string(),
  timezone: z.string(),
});
export type RegionWire = z.infer<typeof regionWire>;

export const outletWire = z.object({
  id: z.number(),
  abbreviation: z.string(),
  name: z.string(),
  region_id: z.number(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  /** The outlet's IANA zone: every time of its jobs and staff is shown on this clock (ADR 0035). */
  time_zone: z.string(),
  address: addressWire.optional(),
});
export type OutletWire = z.infer<typeof outletWire>;

export const statusWire = z.object({
  id: z.number(),
  slug: z.string(),
  display_name: z.string(),
  selectable: z.boolean(),
  sort_order: z.number(),
});
export type StatusWire = z.infer<typeof statusWire>;

export const sourceWire = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  origin: z.string().nullable(),
  value: z.number(),
  text: z.string(),
  colour: z.string().nullable(),
});
export type SourceWire = z.infer<typeof sourceWire>;

export const prescriptionTypeWire = z.object({ id: z.number(), name: z.string(), slug: z.string() });

export const colourWire = z.object({
  id: z.number(),
  name: z.string(),
  hex_code: z.string(),
  type: z.enum(["Frame", "Temple"]),
  special: z.number(),
  visible_online: z.boolean(),
});
export type ColourWire = z.infer<typeof colourWire>;

export const refundReasonWire = z.object({ id: z.number(), slug: z.string(), name: z.string() });

const list = <P extends string, T extends z.ZodType, Q extends z.ZodType | undefined = undefined>(
  path: P,
  summary: string,
  item: T,
  query?: Q,
) =>
  defineEndpoint({
    method: "GET",
    base: "api",
    path,
    summary,
    query: query as Q,
    response: dataEnvelope(z.array(item)),
  });

export const listRegions = list("/region", "Regions with currency and time zone", regionWire);
export const listOutlets = list(
  "/outlet",
  "Outlets (with=address adds the address)",
  outletWire,
  z.object({ with: z.string().optional() }),
);
export const getOutlet = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id",
  outletRule: { action: "view_outlet", target: (r) => r.params.id },
  summary: "One outlet with its address and the supplier contacts it orders lenses through",
  params: idParams,
  response: dataEnvelope(outletWire.extend({ supplier_contacts: z.array(supplierContactForOutletWire) })),
});
export const setOutletTimeZone = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/outlets/:id/time-zone",
  outletRule: { action: "outlet_settings", target: (r) => r.params.id },
  summary:
    "Set an outlet's time zone (administrators): an IANA zone of the outlet's country, e.g. Australia/Perth",
  params: idParams,
  body: z.object({ time_zone: z.string().trim().min(1).max(64) }),
  response: z.object({ message: z.string(), data: outletWire }),
});
export const listItemStatuses = list("/staff/order-item-statuses", "Order item statuses", statusWire);
export const listPaymentStatuses = list(
  "/staff/order-payment-statuses",
  "Order payment statuses",
  statusWire,
);
export const listDispenseStatuses = list(
  "/staff/order-dispense-statuses",
  "Order dispense statuses",
  statusWire,
);
export const listPrescriptionTypes = list(
  "/v4/prescription-types",
  "Prescription types",
  prescriptionTypeWire,
);
export const listPrescriptionSources = list(
  "/prescription-source",
  "Prescription sources (type=external leaves out internal ones)",
  sourceWire,
  z.object({ type: z.string().optional() }),
);
export const listPdSources = list("/pd-source", "Pupil-distance sources", sourceWire);
export const listColours = list(
  "/colors",
  "Frame and temple colours",
  colourWire,
  z.object({ type: z.enum(["Frame", "Temple"]).optional() }),
);
export const listRefundReasons = list("/refund-reasons", "Refund reasons", refundReasonWire);

const baseInfo = (base: "api" | "legacy" | "shop") =>
  defineEndpoint({
    method: "GET",
    base,
    // The base itself (`/api`); `/api/` answers the same but is not documented twice.
    path: "",
    summary: "Which API base this is, and that it answers",
    auth: false,
    response: dataEnvelope(z.object({ base: z.string(), name: z.string() })),
  });
export const apiBaseInfo = baseInfo("api");
export const legacyBaseInfo = baseInfo("legacy");
export const shopBaseInfo = baseInfo("shop");
