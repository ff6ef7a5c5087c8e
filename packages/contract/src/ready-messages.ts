import { readyMessageSettingsSchema } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, qId, qInt } from "./envelope";

// Issue 27 §3–4: ready-to-collect messages, uncollected reminders, the call list, the customer's
// status link, and the SMS provider's webhooks (STOP/UNSTOP, delivery reports).

export const jobMessageWire = z.object({
  id: z.number(),
  kind: z.enum(["ready", "reminder"]),
  /** "Ready to collect", "Reminder (7 days uncollected)". */
  label: z.string(),
  reminder_day: z.number(),
  channel: z.enum(["sms", "email"]).nullable(),
  status: z.enum(["queued", "sent", "cancelled", "failed"]),
  /** When it goes (queued) or went: the cancel window's end, or the end of quiet hours. */
  send_at: z.string(),
  failure: z.string().nullable(),
  /** The outlet whose call list a failed one is on (the job's outlet when it was queued). */
  outlet_id: z.number(),
  created_at: z.string(),
});
export type JobMessageWire = z.infer<typeof jobMessageWire>;

export const jobCustomerMessagesWire = z.object({
  messages: z.array(jobMessageWire),
  /** The job's outlet's zone: the send times are shown on its clock. */
  time_zone: z.string(),
  status_link: z.object({
    /** A fresh link to the customer's status page (the messages carry one like it). */
    url: z.string(),
    /** How often the customer (or anyone with a link) opened it. */
    reads: z.number(),
    last_read_at: z.string().nullable(),
  }),
});
export type JobCustomerMessagesWire = z.infer<typeof jobCustomerMessagesWire>;

export const getJobCustomerMessages = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders/:id/customer-messages",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "The job's ready-to-collect message and reminders, and its status link with how often it was read",
  params: idParams,
  response: dataEnvelope(jobCustomerMessagesWire),
});

export const cancelJobCustomerMessage = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/customer-messages/:messageId/cancel",
  jobRule: { action: "cancel_message", target: (r) => ({ order: r.params.id }) },
  summary: "Cancel a queued message before its send time (409 once it is being sent, sent or cancelled)",
  params: z.object({ id: qId, messageId: qId }),
  response: z.object({ message: z.string(), data: jobMessageWire }),
});

export const revokeJobStatusLinks = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/status-links/revoke",
  jobRule: { action: "revoke_status_link", target: (r) => ({ order: r.params.id }) },
  summary: "Stop every status link of the job handed out so far; the next one opens again",
  params: idParams,
  response: z.object({ message: z.string(), data: z.object({ revoked_at: z.string() }) }),
});

export const callListRow = z.object({
  id: z.number(),
  order_id: z.number(),
  invoice: z.string(),
  label: z.string(),
  channel: z.enum(["sms", "email"]).nullable(),
  failure: z.string().nullable(),
  at: z.string(),
  customer_name: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type CallListRow = z.infer<typeof callListRow>;

export const listCallList = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id/call-list",
  outletRule: { action: "outlet_day", target: (r) => r.params.id },
  summary: "Customers whose ready message or reminder failed (or who have no channel): call them",
  params: idParams,
  query: z.object({ limit: qInt.min(1).max(500).default(200) }),
  response: z.object({ data: z.array(callListRow), time_zone: z.string(), outlet_name: z.string() }),
});

export const resolveCallListEntry = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/call-list/:id/done",
  jobRule: { action: "call_list_done", target: (r) => ({ jobMessage: r.params.id }) },
  summary: "Tick a customer off the call list once called",
  params: idParams,
  response: z.object({ message: z.string() }),
});

export const readyMessageSettingsWire = readyMessageSettingsSchema.extend({
  region_id: z.number(),
  /** 0 while the region uses the defaults. Send it back when saving (stale → 409). */
  version: z.number(),
  /** The region's outlets and the opening hours their customers' status page shows (null: none). */
  outlet_opening_hours: z.array(
    z.object({ outlet_id: z.number(), name: z.string(), opening_hours: z.string().nullable() }),
  ),
});
export type ReadyMessageSettingsWire = z.infer<typeof readyMessageSettingsWire>;

export const getReadyMessageSettings = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/regions/:id/ready-message-settings",
  summary: "The region's ready-to-collect statuses, templates, cancel window, quiet hours and reminder days",
  params: idParams,
  response: dataEnvelope(readyMessageSettingsWire),
});

export const saveReadyMessageSettings = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/regions/:id/ready-message-settings",
  summary: "Save the region's ready-message settings (administrators; version as read, 0 for defaults)",
  params: idParams,
  body: readyMessageSettingsSchema.extend({ version: z.number().int().min(0) }),
  response: dataEnvelope(readyMessageSettingsWire),
});

export const saveOutletOpeningHours = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/outlets/:id/opening-hours",
  outletRule: { action: "outlet_settings", target: (r) => r.params.id },
  summary:
    "The outlet's opening hours as the customer's status page shows them (administrators); empty removes them",
  params: idParams,
  body: z.object({ opening_hours: z.string().trim().max(300) }),
  response: z.object({ message: z.string() }),
});

export const showJobStatus = defineEndpoint({
  files: {
    description: "The customer's status page",
    mediaTypes: ["text/html"],
    errors: { description: "This link is not valid (a page, status 404)", mediaTypes: ["text/html"] },
  },
  method: "GET",
  base: "shop",
  path: "/status/:orderId/:token",
  summary: "The job's stage, promised date and collection outlet for the customer (signed link; no sign-in)",
  auth: false,
  params: z.object({ orderId: z.string().max(40), token: z.string().max(200) }),
});
