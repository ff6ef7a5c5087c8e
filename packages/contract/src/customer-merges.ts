import { MERGE_FIELDS, rowId } from "@loupe/domain";
import { z } from "zod";
import { customerWire } from "./customers";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, pagedEnvelope, qId, qInt } from "./envelope";

// Duplicate customers (issue 46): one matching rule (normalised e-mail, mobile in E.164, name
// similarity with date of birth, packages/domain customer-match.ts) finds possible pairs; a manager
// picks each field's value and merges, moving everything of the losing record to the kept one in one
// transaction; an administrator may undo a merge within 30 days. The losing id answers
// GET /api/staff/customers/:id with a 308 redirect to the kept one. Who may: the customer rulebook.

export const DUPLICATE_EVIDENCE_KINDS = ["email", "mobile", "name_dob"] as const;
export const DUPLICATE_PAIR_STATES = ["open", "dismissed", "merged"] as const;

export const duplicateEvidenceWire = z.object({
  by: z.enum(DUPLICATE_EVIDENCE_KINDS),
  /** In plain words: "Same email ja***@example.com", "Names 86% alike, same date of birth 03/04/1981". */
  detail: z.string(),
});

/** One side of a pair, as the list shows it. */
export const duplicateSideWire = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  dob: z.string().nullable(),
  outlet_name: z.string().nullable(),
  created_at: z.string(),
  prescriptions: z.number(),
  jobs: z.number(),
});

export const duplicatePairWire = z.object({
  id: z.number(),
  /** 0–100: how strongly the evidence says one person. */
  score: z.number(),
  evidence: z.array(duplicateEvidenceWire),
  state: z.enum(DUPLICATE_PAIR_STATES),
  a: duplicateSideWire,
  b: duplicateSideWire,
  found_at: z.string(),
});
export type DuplicatePairWire = z.infer<typeof duplicatePairWire>;

export const duplicateFinderWire = z.object({
  last_run_at: z.string().nullable(),
  /** The last full or incremental run: customers compared, how long it took. */
  last_run_customers: z.number().nullable(),
  last_run_ms: z.number().nullable(),
  running: z.boolean(),
  open_pairs: z.number(),
});

export const listDuplicatePairs = defineEndpoint({
  access: { resource: "customer_list", action: "list", id: null },
  method: "GET",
  base: "api",
  path: "/staff/customer-duplicates",
  summary: "Possible duplicate customers, strongest evidence first",
  query: z.object({
    state: z.enum(DUPLICATE_PAIR_STATES).default("open"),
    page: qInt.min(1).default(1),
    per_page: qInt.min(1).max(100).default(25),
  }),
  response: pagedEnvelope(duplicatePairWire),
});

export const getDuplicateFinder = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/customer-duplicates/finder",
  summary: "When the duplicate finder last ran, and whether it runs now",
  response: dataEnvelope(duplicateFinderWire),
});

export const runDuplicateFinder = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/customer-duplicates/finder",
  summary:
    "Run the duplicate finder now (in the background): `full` compares everyone, otherwise only customers changed since its last run",
  body: z.strictObject({ full: z.boolean().default(false) }),
  response: dataEnvelope(duplicateFinderWire),
});

export const dismissDuplicatePair = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/customer-duplicates/:id/dismiss",
  summary: "These two are different people: the pair is not offered again",
  params: idParams,
  response: z.object({ message: z.string(), data: duplicatePairWire }),
});

/** One record as the merge screen shows it side by side. */
export const mergeSideWire = customerWire
  .pick({
    id: true,
    version: true,
    first_name: true,
    last_name: true,
    email: true,
    mobile: true,
    phone: true,
    dob: true,
    gender: true,
    occupation: true,
    hobbies: true,
    outlet_id: true,
    new_opt_in: true,
    channel_sms: true,
    channel_phone: true,
    channel_email: true,
    created_at: true,
  })
  .extend({
    outlet_name: z.string().nullable(),
    region_id: z.number().nullable(),
    /** What moves with this record if it loses: table label → rows ("Prescriptions": 3). */
    holds: z.record(z.string(), z.number()),
  });
export type MergeSideWire = z.infer<typeof mergeSideWire>;

const mergeChoices = z.partialRecord(z.enum(MERGE_FIELDS), z.enum(["keep", "lose"]));

export const mergePreviewWire = z.object({
  keep: mergeSideWire,
  lose: mergeSideWire,
  /**
   * The pre-picked value per field (the kept record's unless empty). An object with every field
   * named, not a record keyed by an enum: the API document's validator (strict mode) refuses the
   * latter's `required` without `properties`.
   */
  choices: z.object(
    Object.fromEntries(MERGE_FIELDS.map((f) => [f, z.enum(["keep", "lose"])])) as Record<
      (typeof MERGE_FIELDS)[number],
      z.ZodEnum<{ keep: "keep"; lose: "lose" }>
    >,
  ),
  /** The consent the kept record will have: the stricter of the two. */
  consent: z.object({
    new_opt_in: z.enum(["ALL", "HEALTH", "NONE"]),
    channel_sms: z.boolean(),
    channel_phone: z.boolean(),
    channel_email: z.boolean(),
  }),
});
export type MergePreviewWire = z.infer<typeof mergePreviewWire>;

export const previewCustomerMerge = defineEndpoint({
  access: { resource: "customer", action: "view", id: null, customer: "keep" },
  method: "GET",
  base: "api",
  path: "/staff/customer-merges/preview/:keep/:lose",
  summary:
    "Both records side by side, what the losing one holds, and the pre-picked values (the access log names both: the binder the kept one, the service the losing one)",
  params: z.object({ keep: qId, lose: qId }),
  response: dataEnvelope(mergePreviewWire),
});

export const customerMergeBody = z.strictObject({
  keep_id: rowId(),
  keep_version: rowId(),
  lose_id: rowId(),
  lose_version: rowId(),
  /** Per field: whose value the kept record ends with (absent: the kept record's). */
  choices: mergeChoices.default({}),
  /** The possible-duplicates pair this merge settles, if it came from the list. */
  pair_id: rowId().nullish(),
});
export type CustomerMergeBody = z.input<typeof customerMergeBody>;

export const customerMergeWire = z.object({
  id: z.number(),
  kept: z.object({ id: z.number(), full_name: z.string() }),
  lost: z.object({ id: z.number(), full_name: z.string() }),
  /** Rows moved from the losing record, per table label. */
  moved: z.record(z.string(), z.number()),
  merged_at: z.string(),
  merged_by: z.string().nullable(),
  undone_at: z.string().nullable(),
  undone_by: z.string().nullable(),
  /** Until when an administrator may undo it; null once undone. */
  undo_until: z.string().nullable(),
  version: z.number(),
});
export type CustomerMergeWire = z.infer<typeof customerMergeWire>;

export const mergeCustomers = defineEndpoint({
  access: { resource: "customer", action: "update", id: null, customerBody: "keep_id" },
  method: "POST",
  base: "api",
  path: "/staff/customer-merges",
  summary:
    "Merge the losing customer into the kept one: the picked values, the stricter consent, and every record of the losing one moved, in one transaction (both versions must be the ones read)",
  body: customerMergeBody,
  serviceValidates: true,
  response: z.object({ message: z.string(), data: customerMergeWire }),
});

export const listCustomerMerges = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/customer-merges",
  summary: "Merges, newest first",
  query: z.object({
    page: qInt.min(1).default(1),
    per_page: qInt.min(1).max(100).default(25),
    customer_id: qId.optional(),
  }),
  response: pagedEnvelope(customerMergeWire),
});

export const undoCustomerMerge = defineEndpoint({
  access: { resource: "customer", action: "update", id: null },
  method: "POST",
  base: "api",
  path: "/staff/customer-merges/:id/undo",
  summary:
    "Undo a merge (administrators, within 30 days): the losing record comes back with its own values and every row that moved",
  params: idParams,
  body: z.strictObject({ version: rowId() }),
  serviceValidates: true,
  response: z.object({ message: z.string(), data: customerMergeWire }),
});
