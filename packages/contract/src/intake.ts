import { INTAKE_REASON_CODES, rowId } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, pagedEnvelope, qInt } from "./envelope";

// Sales from the point of sale and the web shop (issue 45, ADR 0059): what arrived, what waits for a
// person (an unknown SKU, a customer to pick, an outlet to name) with one action each, and what could
// not be read. The providers' webhook (POST /api/intake/webhooks/:store_key) is no staff endpoint:
// it is public, signed by the provider, and registered by the intake module on its own (raw bytes).

/** The public webhook's path, under /api: the stand-ins and the providers' settings point at it. */
export const INTAKE_WEBHOOK_PATH = "/intake/webhooks/:store_key";

export const INTAKE_SALE_STATES = ["waiting", "done"] as const;
export type IntakeSaleState = (typeof INTAKE_SALE_STATES)[number];
export type { IntakeReasonCode } from "@loupe/domain";
export { INTAKE_REASON_CODES };

export const INTAKE_SOURCES = ["lightspeed", "shopify"] as const;
export const INTAKE_FAILURE_KINDS = ["signature", "shape"] as const;

const storeKey = z.string().trim().min(1).max(60);

export const intakeStoreWire = z.object({
  key: z.string(),
  source: z.enum(INTAKE_SOURCES),
  region_id: z.number(),
  /** The provider's name for the store (Lightspeed domain prefix, Shopify shop domain). */
  label: z.string(),
  /** Loupe's local stand-in rather than the provider. */
  stand_in: z.boolean(),
  last_synced_at: z.string().nullable(),
  /** Why the last sync failed, in plain words; null when it went through. */
  last_sync_error: z.string().nullable(),
});
export type IntakeStoreWire = z.infer<typeof intakeStoreWire>;

export const intakeSummaryWire = z.object({
  /** The day counted, on the staff member's outlet's clock (YYYY-MM-DD). */
  day: z.string(),
  stores: z.array(intakeStoreWire),
  /** Sales received today, per store and (linked) outlet; an outlet not linked yet is null. */
  arrived: z.array(
    z.object({
      store_key: z.string(),
      outlet_id: z.number().nullable(),
      outlet_name: z.string().nullable(),
      count: z.number(),
    }),
  ),
  counts: z.object({
    /** Sales waiting for a person, whenever they came. */
    waiting: z.number(),
    /** Deliveries that could not be read (kept 30 days). */
    failed: z.number(),
    /** Sales made into (or onto) a job today. */
    done_today: z.number(),
  }),
});
export type IntakeSummaryWire = z.infer<typeof intakeSummaryWire>;

export const intakeSaleWire = z.object({
  id: z.number(),
  store_key: z.string(),
  source: z.enum(INTAKE_SOURCES),
  /** The source's sale id (Lightspeed sale id, Shopify order id). */
  external_id: z.string(),
  invoice_number: z.string(),
  state: z.enum(INTAKE_SALE_STATES),
  reason_code: z.enum(INTAKE_REASON_CODES).nullable(),
  /** Why it waits, in a plain sentence for staff ("SKU FR-123 is not in the catalogue"). */
  reason: z.string().nullable(),
  /** The job it made (or, for a return, the job it was recorded on). */
  order_id: z.number().nullable(),
  /** The customer as the source named them ("Jane Citizen"), or the guest's. */
  customer_name: z.string().nullable(),
  /** Money as the spec's wire has it: major units (12.5 is $12.50), in `currency`. */
  total: z.number(),
  currency: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type IntakeSaleWire = z.infer<typeof intakeSaleWire>;

export const intakeCandidateWire = z.object({
  customer_id: z.number(),
  full_name: z.string(),
  /** Masked: enough to tell two people apart ("ja***@example.com", "•••• ••• 678"). */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  /** Which of the source's facts matched: "email", "mobile", "name_dob". */
  matched_by: z.string(),
});
export type IntakeCandidateWire = z.infer<typeof intakeCandidateWire>;

export const intakeSaleDetailWire = intakeSaleWire.extend({
  lines: z.array(
    z.object({
      sku: z.string().nullable(),
      name: z.string(),
      quantity: z.number(),
      total: z.number(),
      /** The SKU is in the catalogue of the sale's region. */
      known: z.boolean(),
    }),
  ),
  /** For needs_customer: the customers the source's customer could be. */
  candidates: z.array(intakeCandidateWire),
  /** For unknown_outlet: the active outlets of the sale's region, and the source's outlet id. */
  outlet_candidates: z.array(z.object({ id: z.number(), name: z.string(), abbreviation: z.string() })),
  external_outlet_id: z.string().nullable(),
});
export type IntakeSaleDetailWire = z.infer<typeof intakeSaleDetailWire>;

export const intakeFailureWire = z.object({
  id: z.number(),
  store_key: z.string(),
  kind: z.enum(INTAKE_FAILURE_KINDS),
  /** What was wrong, without the payload's contents. */
  message: z.string(),
  received_at: z.string(),
});
export type IntakeFailureWire = z.infer<typeof intakeFailureWire>;

/** What a resolving action answers: the sale as it now stands, and its job. */
const resolvedAnswer = z.object({
  message: z.string(),
  data: z.object({ order_id: z.number().nullable(), sale: intakeSaleWire }),
});

export const getIntakeSummary = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/intake/summary",
  summary:
    "Today's intake on the staff member's outlet's clock: the stores and their last sync, sales arrived per store and outlet, and how many wait or failed",
  response: dataEnvelope(intakeSummaryWire),
});

export const intakeSalesQuery = z.object({
  state: z.enum(["waiting", "done", "all"]).default("waiting"),
  store_key: z.string().max(60).optional().or(z.literal("")),
  page: qInt.min(1).default(1),
  per_page: qInt.min(1).max(100).default(25),
});
export type IntakeSalesQuery = z.input<typeof intakeSalesQuery>;

export const listIntakeSales = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/intake/sales",
  summary:
    "Sales from the point of sale and the web shop, newest first: those waiting (with why), done, or all",
  query: intakeSalesQuery,
  response: pagedEnvelope(intakeSaleWire),
});

export const getIntakeSale = defineEndpoint({
  intakeRule: { action: "intake_view", target: (r) => ({ sale: r.params?.id }) },
  method: "GET",
  base: "api",
  path: "/staff/intake/sales/:id",
  summary: "One sale: its lines (known SKUs or not), and the customers or outlets it could be for",
  params: idParams,
  response: dataEnvelope(intakeSaleDetailWire),
});

export const linkIntakeCustomerBody = z.union([
  z.strictObject({ customer_id: rowId() }),
  z.strictObject({ create: z.literal(true) }),
]);
export type LinkIntakeCustomerBody = z.input<typeof linkIntakeCustomerBody>;

export const linkIntakeCustomer = defineEndpoint({
  intakeRule: { action: "intake_resolve", target: (r) => ({ sale: r.params?.id }) },
  method: "POST",
  base: "api",
  path: "/staff/intake/sales/:id/customer",
  summary:
    "The sale is for this customer (or a new one from the source's details): remembered for the source's customer, and the sale made into its job",
  params: idParams,
  body: linkIntakeCustomerBody,
  serviceValidates: true,
  response: resolvedAnswer,
});

export const linkIntakeOutletBody = z.strictObject({ outlet_id: rowId() });

export const linkIntakeOutlet = defineEndpoint({
  intakeRule: { action: "intake_resolve", target: (r) => ({ sale: r.params?.id }) },
  method: "POST",
  base: "api",
  path: "/staff/intake/sales/:id/outlet",
  summary:
    "The source's outlet (register, location) is this Loupe outlet: remembered for the store, and the sale made into its job",
  params: idParams,
  body: linkIntakeOutletBody,
  serviceValidates: true,
  response: resolvedAnswer,
});

export const retryIntakeSale = defineEndpoint({
  intakeRule: { action: "intake_resolve", target: (r) => ({ sale: r.params?.id }) },
  method: "POST",
  base: "api",
  path: "/staff/intake/sales/:id/retry",
  summary:
    "Process a waiting sale again (the SKU was added to the catalogue); 409 naming the reason when it still waits",
  params: idParams,
  response: resolvedAnswer,
});

export const syncIntakeStoreBody = z.strictObject({ store_key: storeKey });

export const syncIntakeStore = defineEndpoint({
  intakeRule: { action: "intake_sync", target: (r) => ({ store: r.body?.store_key }) },
  method: "POST",
  base: "api",
  path: "/staff/intake/sync",
  summary: "Sync a store now (202): its change feed is read from the kept cursor on the background queue",
  body: syncIntakeStoreBody,
  serviceValidates: true,
  response: z.object({ message: z.string(), data: z.object({ store_key: z.string() }) }),
});

export const listIntakeFailures = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/intake/failures",
  summary: "Deliveries that could not be read (a forged signature, a shape not the provider's), newest first",
  query: z.object({ page: qInt.min(1).default(1), per_page: qInt.min(1).max(100).default(25) }),
  response: pagedEnvelope(intakeFailureWire),
});

export const getIntakeFailure = defineEndpoint({
  intakeRule: { action: "intake_raw", target: (r) => ({ failure: r.params?.id }) },
  access: { resource: "intake_payload", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/intake/failures/:id",
  summary:
    "One failed delivery with its raw payload as received (personal data: administrators only, every read access-logged)",
  params: idParams,
  response: dataEnvelope(
    intakeFailureWire.extend({
      /** The body as the provider sent it (text), kept 30 days. */
      raw: z.string().nullable(),
      headers: z.record(z.string(), z.string()),
    }),
  ),
});
