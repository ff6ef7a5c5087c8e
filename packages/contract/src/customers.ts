import {
  CUSTOMER_SEARCH_MAX,
  CUSTOMER_SORT_FIELDS,
  calendarDate,
  customerSchema,
  rowId,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, hitsEnvelope, idParams, pagedEnvelope, qId, qInt } from "./envelope";

export const customerWire = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.enum(["Male", "Female"]).nullable(),
  occupation: z.string().nullable(),
  hobbies: z.string().nullable(),
  new_opt_in: z.enum(["ALL", "HEALTH", "NONE"]),
  channel_sms: z.boolean(),
  channel_phone: z.boolean(),
  channel_email: z.boolean(),
  has_shop_account: z.boolean(),
  outlet_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Optimistic lock (ADR 0007): send it back with an edit. */
  version: z.number(),
  region: z.object({ id: z.number(), country_code: z.string() }).nullable(),
  regions: z.object({ data: z.array(z.object({ id: z.number(), country_code: z.string() })) }),
  active_recall: z.object({ data: z.object({ due_date: z.object({ date: z.string() }) }) }).nullable(),
  notes_count: z.number(),
});
export type CustomerWire = z.infer<typeof customerWire>;

export { CUSTOMER_SORT_FIELDS };

export const customerSearchQuery = z.object({
  q: z.string().max(CUSTOMER_SEARCH_MAX).optional(),
  dob: calendarDate("The dob field must be a date (YYYY-MM-DD).").optional().or(z.literal("")),
  region_id: qId.optional().or(z.literal("")),
  page: qInt.min(1).default(1),
  per_page: qInt.min(1).max(100).default(15),
  sort_by: z.enum(CUSTOMER_SORT_FIELDS).optional().or(z.literal("")),
  sort_direction: z.enum(["asc", "desc"]).optional().or(z.literal("")),
  customer: z.string().optional(),
  r: z.string().optional(),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuery>;

export const listCustomers = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/v4/users",
  summary:
    "Customers: search (name, e-mail, mobile, phone; ranked), filter by date of birth and region, sorted, paged",
  query: customerSearchQuery,
  response: pagedEnvelope(customerWire),
});

export const listCustomersLegacy = defineEndpoint({
  ...listCustomers,
  base: "legacy",
  path: "/v4/get-users",
});

export const searchCustomersIndex = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/customers-meili",
  summary: "Customers from the search index (Customers MEILI): the route query passed through",
  query: customerSearchQuery,
  response: hitsEnvelope(customerWire),
});

export const getCustomer = defineEndpoint({
  access: { resource: "customer", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/customers/:id",
  summary: "One customer",
  params: idParams,
  response: dataEnvelope(customerWire),
});

export const customerBody = z.strictObject({
  ...customerSchema.shape,
  region_id: rowId().nullish(),
  outlet_id: rowId().nullish(),
  home_region: rowId().nullish(),
  active_region: rowId().nullish(),
});

/** A customer as read (with its id, regions, counts…) is a body the writes take. */
const customerReadShape = {
  readOnly: Object.keys(customerWire.shape).filter((k) => !(k in customerBody.shape)),
};
/** An edit keeps the version it read: a stale one is refused (409). */
const customerEditReadShape = {
  readOnly: customerReadShape.readOnly.filter((k) => k !== "version"),
};

export const createCustomer = defineEndpoint({
  access: { resource: "customer", action: "create" },
  serviceValidates: true,
  method: "POST",
  base: "api",
  path: "/user",
  summary: "Create a customer (takes the staff user's region and outlet unless given)",
  readShape: customerReadShape,
  body: customerBody,
  response: dataEnvelope(customerWire),
});

export const updateCustomer = defineEndpoint({
  access: { resource: "customer", action: "update" },
  serviceValidates: true,
  method: "PUT",
  base: "api",
  path: "/staff/customers/:id",
  summary: "Update a customer",
  params: idParams,
  readShape: customerEditReadShape,
  body: customerBody
    .partial()
    .extend({ first_name: customerSchema.shape.first_name.optional(), version: expectedVersion }),
  response: dataEnvelope(customerWire),
});

export const customerEventWire = z.object({
  id: z.number(),
  kind: z.enum(["imported", "merged_in", "merged_into", "merge_undone"]),
  /** In plain words: "Imported from Optomate (batch #4, source id 1021)". */
  detail: z.string(),
  occurred_at: z.string(),
  /** The staff member who did it, or null (a background task, a removed account). */
  by: z.string().nullable(),
  /** What it belongs to, for a link: `{ batch_id }`, `{ merge_id }`. */
  ref: z.record(z.string(), z.union([z.number(), z.string()])).nullable(),
});
export type CustomerEventWire = z.infer<typeof customerEventWire>;

export const getCustomerHistory = defineEndpoint({
  access: { resource: "customer", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/history",
  summary:
    "What happened to the customer's record as a whole, newest first: brought in by an import, merged with another record, a merge undone",
  params: idParams,
  query: z.object({ page: qInt.min(1).default(1), per_page: qInt.min(1).max(100).default(25) }),
  response: pagedEnvelope(customerEventWire),
});
