import { addressSchema, messageSchema, rowId, templateSchema } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import {
  dataEnvelope,
  expectedVersion,
  idParams,
  messageEnvelope,
  qId,
  qInt,
  versionQuery,
} from "./envelope";
import { fileWire } from "./files";

// ---- Notes (comments) on customers -------------------------------------------------------------

export const noteWire = z.object({
  id: z.number(),
  content: z.string(),
  user_id: z.number().nullable(),
  creator_id: z.number().nullable(),
  /** The author; null for notes the system wrote ("System"). */
  user: z.object({ data: z.object({ id: z.number(), full_name: z.string() }) }).nullable(),
  order_id: z.number().nullable(),
  order_item_id: z.number().nullable(),
  files: z.array(fileWire),
  orders: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type NoteWire = z.infer<typeof noteWire>;

export const listCustomerNotes = defineEndpoint({
  method: "GET",
  base: "legacy",
  path: "/user-note",
  summary: "A customer's notes, newest first (with=creator)",
  query: z.object({ user_id: qId, with: z.string().optional() }),
  response: dataEnvelope(z.array(noteWire)),
});

export const createCustomerNote = defineEndpoint({
  method: "POST",
  base: "legacy",
  path: "/user-note",
  summary: "Write a note on a customer (the author is the signed-in staff user)",
  body: z.strictObject({
    content: z.string().trim().min(2, "The content field has to be at least 2 characters").max(5000),
    user_id: rowId(),
    creator_id: rowId().optional(),
    files: z.array(rowId()).max(10).optional(),
  }),
  response: dataEnvelope(noteWire),
});

export const deleteCustomerNote = defineEndpoint({
  method: "DELETE",
  base: "legacy",
  path: "/user-note/:id",
  summary: "Remove a customer note (its author only); `version` refuses a stale delete",
  params: idParams,
  query: versionQuery,
  response: messageEnvelope,
});

// ---- Addresses ---------------------------------------------------------------------------------

export const customerAddressWire = z.object({
  id: z.number(),
  customer_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  updated_at: z.string(),
  version: z.number(),
  address: z.object({
    type: z.string(),
    description: z.string().nullable(),
    address1: z.string(),
    address2: z.string().nullable(),
    suburb: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
  }),
});
export type CustomerAddressWire = z.infer<typeof customerAddressWire>;

export const listCustomerAddresses = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/customers/:customer_id/billing-addresses",
  summary: "A customer's addresses, newest updated_at first",
  params: z.object({ customer_id: qInt.min(0) }),
  response: dataEnvelope(z.array(customerAddressWire)),
});

export const createAddress = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/customers/:customer_id/billing-addresses",
  summary: "Add an address to a customer (guests refused)",
  serviceValidates: true,
  params: z.object({ customer_id: qInt.min(0) }),
  readShape: { readOnly: ["id", "customer_id", "updated_at"], lift: "address" },
  body: addressSchema,
  response: dataEnvelope(customerAddressWire),
});

export const updateAddress = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/billing-addresses/:id",
  summary: "Edit an address; a stale `version` answers 409",
  serviceValidates: true,
  params: idParams,
  readShape: { readOnly: ["id", "customer_id", "updated_at"], lift: "address" },
  body: addressSchema.and(z.object({ version: expectedVersion })),
  response: dataEnvelope(customerAddressWire),
});

// ---- Messages and templates --------------------------------------------------------------------

export const templateWire = z.object({
  id: z.number(),
  region_id: z.number(),
  template_name: z.string(),
  name: z.string(),
  subject: z.string().nullable(),
  content_template: z.string(),
  type: z.object({ slug: z.enum(["sms", "email"]) }),
  version: z.number(),
});
export type TemplateWire = z.infer<typeof templateWire>;

export const listMessageTemplates = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/regions/:regionId/templates/message",
  summary: "Message templates of a region",
  params: z.object({ regionId: qId }),
  response: dataEnvelope(z.array(templateWire)),
});

export const createMessageTemplate = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/regions/:regionId/templates/message",
  summary: "Add a message template to a region",
  serviceValidates: true,
  params: z.object({ regionId: qId }),
  body: templateSchema,
  response: dataEnvelope(templateWire),
});

export const updateMessageTemplate = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/templates/message/:id",
  summary: "Edit a message template",
  serviceValidates: true,
  params: idParams,
  body: templateSchema.extend({ version: expectedVersion }),
  response: dataEnvelope(templateWire),
});

export const deleteMessageTemplate = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/templates/message/:id",
  summary: "Remove a message template",
  params: idParams,
  query: versionQuery,
  response: messageEnvelope,
});

export const sendCustomerMessage = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/customers/:id/messages",
  summary: "Send an SMS or e-mail to a customer; records a customer note",
  serviceValidates: true,
  params: idParams,
  body: messageSchema,
  response: messageEnvelope,
});

// ---- Log in to the web shop as a customer ------------------------------------------------------

export const createShopLogin = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/customerLogin/:id",
  summary: "A signed, short-lived, single-use link to the shop, logged in as the customer",
  params: idParams,
  response: dataEnvelope(z.object({ url: z.string(), expires_at: z.string() })),
});

export const redeemShopLogin = defineEndpoint({
  method: "POST",
  base: "shop",
  path: "/customerLogin/redeem",
  summary: "The shop exchanges a link's token for the customer (once)",
  auth: false,
  body: z.strictObject({ token: z.string().min(1) }),
  response: dataEnvelope(z.object({ customer_id: z.number(), email: z.string().nullable() })),
});
