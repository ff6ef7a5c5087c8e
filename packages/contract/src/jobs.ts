import {
  INT32_MAX,
  isDateOrInstant,
  PAYMENT_KINDS,
  RECORDED_TENDERS,
  rowId,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_NAME_TOO_LONG,
  SHIPMENT_STATUSES,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, hitsEnvelope, idParams, pagedEnvelope, qId, qInt, totalKind } from "./envelope";
import { shipmentWire } from "./shipping";
import { lensOrderSummaryWire } from "./suppliers";

const status = z.object({ id: z.number(), slug: z.string(), display_name: z.string() });

/**
 * An item's saved selection (ADR 0011) as it was used: besides the frame and lens, the
 * prescription, PD and contact-lens data — health data, so every answer holding it is in the
 * access log (issue 25; `healthDataPaths` finds these names).
 */
export const selectionInfoWire = z.looseObject({
  data: z
    .looseObject({
      prescription: z.unknown().optional(),
      pd: z.unknown().optional(),
      contact_lens: z.unknown().optional(),
    })
    .nullish(),
  pdPresenter: z.unknown().optional(),
});

export const orderItemWire = z.object({
  id: z.number(),
  order_id: z.number(),
  group_id: z.number().nullable(),
  quantity: z.number(),
  dispense_status_id: z.number(),
  dispense_status: status,
  outlet: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }),
  historical_unit_price: z.number(),
  total_amount: z.number(),
  discount_amount: z.number(),
  delivery_type_id: z.number(),
  region_product_id: z.number(),
  region_product: z.object({
    price: z.number(),
    product_id: z.number(),
    requires_prescription: z.boolean(),
    product: z.object({ name: z.string(), type: z.object({ key: z.string() }) }),
    lenses_type: z.string().nullable(),
    parent_type: z.object({ key: z.string() }),
  }),
  hoya_status: z.number().nullable(),
  shamir_status: z.number().nullable(),
  /** The item's latest lens order in brief (its state, whether it can be cancelled), or null. */
  lens_order: lensOrderSummaryWire.nullable(),
  next_scheduled_date: z.string().nullable(),
  additional_info: selectionInfoWire.nullable(),
  /**
   * The job's customer changed since this item's prescription and PD were chosen: its selection
   * waits for step 2 again (no docket prescription, no lens order) until the job edit saves it.
   */
  prescription_reentry_required: z.boolean(),
});
export type OrderItemWire = z.infer<typeof orderItemWire>;

export const orderWire = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  vend_invoice_number: z.string(),
  customer_id: z.number().nullable(),
  customer: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  order_billing: z.object({
    customer_first_name: z.string(),
    customer_last_name: z.string(),
    customer_email: z.string().nullable(),
    customer_mobile: z.string().nullable(),
    billing_address: z.record(z.string(), z.string().nullable()).nullable(),
  }),
  total_amount: z.number(),
  total_payment: z.number(),
  /** What the customer still owes (issue 44, ADR 0057): nothing on a refunded, voided or cancelled job. */
  balance_due: z.number(),
  display_financial_status: z.string(),
  dispense_status_id: z.number(),
  dispense_status: status,
  payment_status_id: z.number(),
  payment_status: status,
  priority: z.number(),
  channel_id: z.number(),
  channel: z.string(),
  is_octopos_order: z.boolean(),
  /** The system an imported job came from (issue 46): such a job is history, read-only. Null when made in Loupe. */
  imported_from: z.string().nullable(),
  origin_outlet: z.object({
    id: z.number(),
    name: z.string(),
    abbreviation: z.string(),
    region_id: z.number(),
    /** The outlet's IANA zone: the job's times are shown on its clock (ADR 0035). */
    time_zone: z.string(),
    region: z.object({ id: z.number(), name: z.string(), country_code: z.string() }),
    email: z.string().nullable(),
    address: z.object({
      address1: z.string().nullable(),
      address2: z.string().nullable(),
      suburb: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postcode: z.string().nullable(),
      country: z.string().nullable(),
    }),
  }),
  shipment_status: z.enum(SHIPMENT_STATUSES),
  shipment_company: z.string().nullable(),
  shipment_tracking_id: z.string().nullable(),
  /** Derived on the server from the job's status, items, payments and refunds (ADR 0030). */
  is_refundable: z.boolean(),
  refund_type: z.enum(["void", "refund"]).nullable(),
  refunded: z.boolean(),
  voided: z.boolean(),
  /** What a full refund or void would return now (paid, less refunds not failed): a manager approves above the region's limit. */
  refundable_amount: z.number(),
  /** Returned by partial refunds while the job is not refunded in full: it shows "Partly refunded" (ADR 0033). */
  partly_refunded_amount: z.number(),
  /** The signed receipt page, `{receipt base}/receipt/show/{id}/{token}`, and its token. */
  receipt_url: z.string(),
  receipt_token: z.string(),
  notes_count: z.number(),
  created_at: z.string(),
  /** The day promised to the customer, on the outlet's clock (issue 27); null for a job made before promises. */
  due_date: z.string().nullable(),
  /** The promised date's version: a change sends it back (stale: 409). */
  promise_version: z.number(),
  /** Why the promise is at risk (a lens ETA later than it), while the job is being made. */
  at_risk_reason: z.string().nullable(),
  /** Past its promised day on the outlet's clock and neither ready nor finished. */
  is_late: z.boolean(),
  /** When the job reached its status (a ready job's time on the shelf). */
  status_since: z.string(),
  // List rows carry their items' ids and quantities, so a row shows "refunded" when every
  // quantity is -1 and its select box can pick all of its items without loading the detail.
  items: z.array(z.object({ id: z.number(), quantity: z.number() })),
  /** The point-of-sale host, for "View Invoice in the point-of-sale system"; null for online orders. */
  vend_base_url: z.string().nullable(),
});
export type OrderWire = z.infer<typeof orderWire>;

export const orderDetailWire = orderWire.extend({
  item_groups: z.array(
    z.object({ id: z.number(), name: z.string(), type: z.string(), order_items: z.array(orderItemWire) }),
  ),
  no_group_items: z.array(orderItemWire),
  items: z.array(orderItemWire),
  payments: z.array(
    z.object({
      amount: z.number(),
      historical_payment_type_name: z.string(),
      // Issue 44: the Payments panel's list.
      id: z.number(),
      amount_minor: z.number(),
      /** Null only for a payment recorded before tenders were kept whose name said none. */
      tender: z.enum(RECORDED_TENDERS).nullable(),
      reference: z.string().nullable(),
      kind: z.enum(PAYMENT_KINDS),
      /** Who took it, or null for one that came from elsewhere (the point of sale, the web shop). */
      taken_by: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  coupons: z.array(z.object({ code: z.string(), amount: z.number() })),
  related_orders: z.array(z.object({ id: z.number(), vend_invoice_number: z.string(), uid: z.string() })),
  refunds: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(["refund", "void"]),
      amount: z.number(),
      method: z.enum(["gateway", "till"]),
      /** `incomplete`: refused by the gateway part-way through its split; the same request completes it. */
      status: z.enum(["pending", "succeeded", "failed", "incomplete"]),
      scope: z.enum(["full", "partial"]),
      reason: z.string(),
      error: z.string().nullable(),
      created_at: z.string(),
      /** The items a partial refund returned. */
      lines: z.array(z.object({ item_id: z.number(), quantity: z.number(), amount: z.number() })),
      /** Its credit note (ADR 0033), opened through the job's receipt link. */
      credit_note: z.object({ code: z.string(), url: z.string() }).nullable(),
      /** The manager who approved it, when it needed approval. */
      approved_by: z.string().nullable(),
      /** The key that completes an incomplete refund (the form sends it again). */
      idempotency_key: z.string(),
    }),
  ),
  /** The job's live shipment, or its last attempt that did not go through (timed out: retryable). */
  shipment: shipmentWire.nullable(),
  /** Any item (refunded ones aside) waits for its prescription to be re-entered: the job shows the notice. */
  prescription_reentry_required: z.boolean(),
});
export type OrderDetailWire = z.infer<typeof orderDetailWire>;

const idList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const ids = (Array.isArray(v) ? v : v.split(",")).filter((s) => s !== "").map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > INT32_MAX)) {
    ctx.addIssue({ code: "custom", message: "must be a list of ids" });
    return z.NEVER;
  }
  return ids;
});
const optionalId = qId.optional().or(z.literal("").transform(() => undefined));
const optionalDate = z
  .string()
  .refine(isDateOrInstant, "must be a date (YYYY-MM-DD)")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const jobsQuery = z.object({
  region_id: optionalId,
  outlet_id: idList.optional(),
  dispense_status_id: optionalId,
  item_dispense_status_id: optionalId,
  created_start_at: optionalDate,
  created_end_at: optionalDate,
  priority: qInt
    .min(1)
    .max(2)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  q: z.string().max(200).optional(),
  search_type: z.enum(["all", "job_id", "order_item_id"]).optional(),
  page: qInt.min(1).default(1),
  per_page: qInt.min(1).max(100).default(15),
  sort_by: z
    .enum(["created_at", "due_date", "balance_due"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  sort_direction: z
    .enum(["asc", "desc"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  customFilter: z.string().max(50).optional(),
  /** "owing": only jobs with a balance due (issue 44). */
  balance: z
    .enum(["owing"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  customer_id: optionalId,
  /** Jobs made at this outlet (issue 27: the outlet's day opens the list with it). */
  origin_outlet_id: optionalId,
  order_item_append: z.string().optional(),
  product_type_append: z.string().optional(),
  action: z.string().optional(),
  no_limit: z.string().optional(),
  r: z.string().optional(),
});
/** The jobs route query as the server receives it, parsed (ids as numbers, outlets as a list). */
export type JobsQuery = z.output<typeof jobsQuery>;

export const listJobs = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders",
  summary: "Jobs: filters, search (name, phone, e-mail, invoice), custom filters, sorted and paged",
  query: jobsQuery,
  response: pagedEnvelope(orderWire),
});

export const getJob = defineEndpoint({
  access: { resource: "job", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/orders/:id",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "One job with its item groups, ungrouped items, payments, coupons and related orders",
  params: idParams,
  response: dataEnvelope(orderDetailWire),
});

export const tabWire = z.object({
  slug: z.string(),
  display_name: z.string(),
  total: z.number(),
  /** Status and GO tabs are exact (counters); the late and workshop tabs stop at the cap (ADR 0016): "at_least". */
  total_kind: totalKind,
  filter_type: z.enum(["status", "custom"]),
  customFilter: z.string().nullable(),
  defaultQuery: z.record(z.string(), z.union([z.string(), z.number()])),
  /** What the tab holds, in a dispenser's words (issue 52: "Late Orders" beside the promise's tab); not the spec's. */
  description: z.string().optional(),
});
export type TabWire = z.infer<typeof tabWire>;

export const listJobTabs = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/total-orders",
  summary: "The status tabs with their job counts (and the late-orders and GO tabs)",
  response: dataEnvelope(z.array(tabWire)),
});

export const setJobStatus = defineEndpoint({
  jobRule: { action: "job_status", target: (r) => ({ order: r.params.id }) },
  method: "PUT",
  base: "api",
  path: "/staff/orders/:id/dispense-status",
  summary: "Set a job's dispense status (selectable statuses only)",
  params: idParams,
  body: z.strictObject({ dispense_status_id: rowId() }),
  response: dataEnvelope(orderWire),
});

export const setItemStatus = defineEndpoint({
  // Answers the item with its selection: logged as what it showed.
  access: { resource: "job_item", action: "view" },
  jobRule: { action: "item_status", target: (r) => ({ item: r.params.id }) },
  method: "PUT",
  base: "api",
  path: "/staff/order-items/:id/dispense-status-id",
  summary: "Set one item's status (not on a cancelled job)",
  params: idParams,
  body: z.strictObject({ id: rowId() }),
  response: dataEnvelope(orderItemWire),
});

export const setItemsStatus = defineEndpoint({
  jobRule: { action: "item_status", target: (r) => ({ items: r.body?.item_ids }) },
  method: "PUT",
  base: "api",
  path: "/staff/order-items/dispense-status-id",
  summary: "Set many items' status at once: all change or none",
  body: z.strictObject({
    item_ids: z.array(rowId()).min(1).max(500),
    status_id: rowId(),
    /**
     * Change only if every item is still at this status, else 409 naming the item: order items
     * carry no version (ADR 0007 covers edited records), so the status a caller saw stands in for
     * one. The scan station's undo sends it (issue 29).
     */
    from_status_id: rowId().optional(),
  }),
  response: dataEnvelope(z.array(orderWire)),
});

export const setItemsOutlet = defineEndpoint({
  jobRule: { action: "item_outlet", target: (r) => ({ items: r.body?.item_ids }) },
  method: "PUT",
  base: "api",
  path: "/staff/order-items/dispense-outlet-id",
  summary: "Assign many items to an outlet at once: all change or none",
  body: z.strictObject({
    item_ids: z.array(rowId()).min(1).max(500),
    outlet_id: rowId(),
  }),
  response: dataEnvelope(z.array(orderWire)),
});

export const setJobPriority = defineEndpoint({
  jobRule: { action: "priority", target: (r) => ({ order: r.params.id }) },
  method: "PUT",
  base: "api",
  path: "/staff/orders/:id/priority",
  summary: "Set a job's priority (1 normal, 2 urgent)",
  params: idParams,
  body: z.strictObject({
    priority: z.union([z.literal(1), z.literal(2)], { error: "The priority must be 1 or 2." }),
  }),
  response: dataEnvelope(orderWire),
});

export const savedSearchWire = z.object({
  id: z.number(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
});
export type SavedSearchWire = z.infer<typeof savedSearchWire>;

export const listSavedSearches = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/saved-searches",
  summary: "The signed-in user's saved job filters",
  response: dataEnvelope(z.array(savedSearchWire)),
});

export const createSavedSearch = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/saved-searches",
  summary: "Save the current job filters under a name",
  body: z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, "The filter name field is required.")
      .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_NAME_TOO_LONG),
    query: z.record(z.string(), z.string()),
  }),
  response: z.object({ message: z.string(), data: savedSearchWire }),
});

export const deleteSavedSearch = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/saved-searches/:id",
  summary: "Remove one of the signed-in user's saved filters",
  params: idParams,
  response: z.object({ message: z.string() }),
});

export const listLateJobs = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders/late-orders",
  summary: "Late jobs (older than 14 days and not finished), oldest first",
  query: jobsQuery,
  response: pagedEnvelope(orderWire),
});

export const listJobsLegacy = defineEndpoint({
  ...listJobs,
  base: "legacy",
  path: "/v4/get-orders",
  summary: "Jobs on the older API",
});

export const searchJobsIndex = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/orders-meili",
  summary: "Jobs from the search index (Jobs MEILI): the jobs route query passed through, no_limit=true",
  query: jobsQuery,
  response: hitsEnvelope(orderWire),
});

export const goOrderWire = z.object({
  id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  total: z.number(),
  status: z.string(),
  created_at: z.string(),
  payment_methods: z.array(z.string()),
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      amount: z.number(),
      discount: z.number(),
      quantity: z.number(),
    }),
  ),
  note: z.string().nullable(),
  shipping_address: z.string().nullable(),
});
export type GoOrderWire = z.infer<typeof goOrderWire>;

export const listGoOrders = defineEndpoint({
  method: "GET",
  base: "shop",
  // `:channel` is the brand's GO channel, e.g. "loupego" (spec §7 "/{product}go/getOrders").
  path: "/:channel/getOrders",
  summary: "Orders from the mobile/online ordering channel, newest first, 15 a page",
  params: z.object({ channel: z.string().regex(/^[a-z0-9]+go$/) }),
  query: z.object({
    page: qInt.min(1).default(1),
    per_page: qInt.min(1).max(100).default(15),
    outlet_id: qId.optional(),
    q: z.string().max(200).optional(),
    created_start_at: z.iso.datetime({ offset: true }).optional(),
    created_end_at: z.iso.datetime({ offset: true }).optional(),
  }),
  response: z.object({ data: z.array(goOrderWire), total: z.number(), per_page: z.number() }),
});
