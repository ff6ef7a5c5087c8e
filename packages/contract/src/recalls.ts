import {
  RECALL_CHANNELS,
  RECALL_OUTCOMES,
  RECALL_STEP_STATUSES,
  RECALL_TRIGGERS,
  recallSnoozeSchema,
  recallStepSchema,
  recallTypeSchema,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, pagedEnvelope, qId, qInt } from "./envelope";

// Issue 28: recall types (settings), the daily recall run, the recalls screen, a customer's recall,
// the outlet's letters and recall call list, and what recalls bring back.

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-31.");

export const recallTypeWire = z.object({
  id: z.number(),
  name: z.string(),
  region_id: z.number(),
  interval_months: z.number(),
  triggers: z.array(z.enum(RECALL_TRIGGERS)),
  use_expiry: z.boolean(),
  min_age: z.number().nullable(),
  max_age: z.number().nullable(),
  steps: z.array(recallStepSchema),
  active: z.boolean(),
  /** Send it back when saving (stale → 409). */
  version: z.number(),
});
export type RecallTypeWire = z.infer<typeof recallTypeWire>;

export const listRecallTypes = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/recall-types",
  summary: "The recall types of a region (or all regions), active and archived",
  query: z.object({ region_id: qId.optional() }),
  response: dataEnvelope(z.array(recallTypeWire)),
});

export const createRecallType = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/recall-types",
  summary: "Define a recall type: interval, what sets it, its steps and their texts (administrators)",
  body: recallTypeSchema,
  response: dataEnvelope(recallTypeWire),
});

export const updateRecallType = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/recall-types/:id",
  summary: "Change a recall type (administrators; version as read, stale → 409); inactive stops its runs",
  params: idParams,
  body: recallTypeSchema.and(z.object({ version: z.number().int().min(1) })),
  response: dataEnvelope(recallTypeWire),
});

export const recallStepWire = z.object({
  id: z.number(),
  step_index: z.number(),
  offset_days: z.number(),
  /** The channel the type asked for, and the one used (another when substituted; null when skipped). */
  planned_channel: z.enum(RECALL_CHANNELS),
  channel: z.enum(RECALL_CHANNELS).nullable(),
  status: z.enum(RECALL_STEP_STATUSES),
  /** Why it was skipped, substituted or failed, in staff words ("No consent for health messages"). */
  reason: z.string().nullable(),
  /** The outlet's day it was due on, and when it was done. */
  due_on: z.string(),
  at: z.string(),
});
export type RecallStepWire = z.infer<typeof recallStepWire>;

export const recallRow = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }),
  recall_type: z.object({ id: z.number(), name: z.string() }),
  outlet: z.object({ id: z.number(), name: z.string() }).nullable(),
  due_date: z.string(),
  /** Set by hand (with the reason) rather than from a record. */
  manual: z.boolean(),
  /** What set it: "Spectacle prescription of 3rd Feb 2025", or the staff member's reason. */
  basis: z.string(),
  next_step: z
    .object({ step_index: z.number(), channel: z.enum(RECALL_CHANNELS), on: z.string() })
    .nullable(),
  last_step: recallStepWire.nullable(),
  outcome: z.enum(RECALL_OUTCOMES),
  version: z.number(),
});
export type RecallRow = z.infer<typeof recallRow>;

export const RECALL_LIST_STATES = ["due", "overdue", "upcoming", "all"] as const;

export const recallsQuery = z.object({
  outlet_id: qId.optional(),
  recall_type_id: qId.optional(),
  /** due: due date within the next 30 days or today; overdue: before today, still open; upcoming: later. */
  state: z.enum(RECALL_LIST_STATES).default("due"),
  outcome: z.enum(RECALL_OUTCOMES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: qInt.min(1).default(1),
  per_page: qInt.min(1).max(100).default(25),
});

export const listRecalls = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/recalls",
  summary: "Recalls by outlet, type, state and due-date range, soonest due first",
  query: recallsQuery,
  response: pagedEnvelope(recallRow),
});

export const exportRecalls = defineEndpoint({
  files: {
    description: "The whole filtered recalls list as CSV (UTF-8 with BOM, RFC 4180)",
    mediaTypes: ["text/csv"],
  },
  access: { resource: "recall_list", action: "export", id: null },
  method: "GET",
  base: "api",
  path: "/staff/exports/recalls",
  summary: "The recalls list, every page, as CSV (the list's filters) (managers, administrators)",
  query: recallsQuery,
});

export const RECALL_BULK_ACTIONS = ["send_now", "snooze", "booked", "declined"] as const;

export const recallBulkBody = z.object({
  action: z.enum(RECALL_BULK_ACTIONS, { message: "Choose send now, snooze, booked or declined." }),
  /** Each recall with the version the screen showed (stale → 409, nothing changed). */
  recalls: z
    .array(z.object({ id: z.number().int().positive(), version: z.number().int().min(1) }))
    .min(1, "Choose at least one recall.")
    .max(500, "At most 500 recalls at once."),
  /** For snooze: the new due date and why. */
  until: isoDay.optional(),
  reason: z.string().trim().max(300).optional(),
});

export const bulkRecalls = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/recalls/bulk",
  summary: "Send the next step now, snooze, or mark booked or declined: all the chosen recalls or none",
  body: recallBulkBody,
  response: z.object({ message: z.string(), data: z.array(recallRow) }),
});

export const runRecallsNow = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/recalls/run",
  summary:
    "Run today's recall steps now rather than waiting for the worker (managers and administrators); each step still happens once",
  response: z.object({
    message: z.string(),
    data: z.object({ sent: z.number(), skipped: z.number(), waiting: z.number(), failed: z.number() }),
  }),
});

export const customerRecallWire = recallRow.extend({ steps: z.array(recallStepWire) });
export type CustomerRecallWire = z.infer<typeof customerRecallWire>;

export const listCustomerRecalls = defineEndpoint({
  access: { resource: "customer", action: "view", customer: "id" },
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/recalls",
  summary: "The customer's recalls with every step's history",
  params: idParams,
  response: dataEnvelope(z.array(customerRecallWire)),
});

export const addCustomerRecall = defineEndpoint({
  access: { resource: "customer", action: "update", customer: "id" },
  method: "POST",
  base: "api",
  path: "/staff/customers/:id/recalls",
  summary: "Give the customer a recall of a type by hand (e.g. diabetic), due on a date, with the reason",
  params: idParams,
  body: z.object({
    recall_type_id: z.number().int().positive("Choose the recall type."),
    due_date: isoDay,
    reason: z.string().trim().min(1, "Say why the recall is set by hand.").max(300),
  }),
  response: dataEnvelope(customerRecallWire),
});

export const setCustomerRecallDue = defineEndpoint({
  access: { resource: "customer", action: "update", customer: "id" },
  method: "PUT",
  base: "api",
  path: "/staff/customers/:id/recalls/:recallId",
  summary: "Set the recall's due date by hand, with the reason (version as read, stale → 409)",
  params: z.object({ id: qId, recallId: qId }),
  body: z.object({
    due_date: isoDay,
    reason: z.string().trim().min(1, "Say why the due date changes.").max(300),
    version: z.number().int().min(1),
  }),
  response: dataEnvelope(customerRecallWire),
});

export const snoozeCustomerRecall = defineEndpoint({
  access: { resource: "customer", action: "update", customer: "id" },
  method: "POST",
  base: "api",
  path: "/staff/customers/:id/recalls/:recallId/snooze",
  summary: "Snooze the recall to a later date, with the reason (version as read, stale → 409)",
  params: z.object({ id: qId, recallId: qId }),
  body: recallSnoozeSchema.extend({ version: z.number().int().min(1) }),
  response: dataEnvelope(customerRecallWire),
});

export const recallLettersPdf = defineEndpoint({
  files: {
    description: "The outlet's recall letters of the day, one page each (DL window envelope)",
    mediaTypes: ["application/pdf"],
  },
  access: { resource: "recall_list", action: "print", id: null },
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id/recall-letters",
  outletRule: { action: "outlet_day", target: (r) => r.params.id },
  summary: "One printable PDF of the outlet's recall letters for a day (its own clock)",
  params: idParams,
  query: z.object({ date: isoDay.optional() }),
});

export const recallCallRow = z.object({
  step_id: z.number(),
  recall_id: z.number(),
  customer: z.object({ id: z.number(), name: z.string() }),
  recall_type: z.string(),
  due_date: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  /** The caller's script, filled in. */
  script: z.string(),
  due_on: z.string(),
});

export const listRecallCalls = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id/recall-calls",
  outletRule: { action: "outlet_day", target: (r) => r.params.id },
  summary: "The outlet's recall phone calls still to make",
  params: idParams,
  query: z.object({ limit: qInt.min(1).max(500).default(200) }),
  response: z.object({ data: z.array(recallCallRow), outlet_name: z.string(), time_zone: z.string() }),
});

export const finishRecallCall = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/recall-calls/:id/done",
  summary: "Tick a recall call off, with its outcome (booked, declined or no answer)",
  params: idParams,
  body: z.object({
    outcome: z.enum(["booked", "declined", "no_answer"], { message: "Choose the call's outcome." }),
  }),
  response: z.object({ message: z.string() }),
});

export const recallReturnRow = z.object({
  /** What the row groups by: a type, a step (type + step number) or an outlet. */
  key: z.string(),
  label: z.string(),
  steps_sent: z.number(),
  returned: z.number(),
  /** returned ÷ customers reached, 0–1; null when none were reached. */
  rate: z.number().nullable(),
});

export const recallReturns = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/recalls/returns",
  summary:
    "What recalls brought back: customers with a new prescription or job within 90 days of a step, by type, step and outlet",
  query: z.object({
    outlet_id: qId.optional(),
    recall_type_id: qId.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  }),
  response: dataEnvelope(
    z.object({
      by_type: z.array(recallReturnRow),
      by_step: z.array(recallReturnRow),
      by_outlet: z.array(recallReturnRow),
    }),
  ),
});
