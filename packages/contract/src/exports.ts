import { z } from "zod";
import { customerSearchQuery } from "./customers";
import { defineEndpoint } from "./endpoint";
import { jobsQuery } from "./jobs";
import { outboxStatuses } from "./outbox";

/*
 * "Export CSV" of a list (issue 29 part 5): each takes its list's own query (a page and its size
 * are ignored: every page is written) and answers the whole filtered list as a CSV download,
 * streamed, UTF-8 with a byte-order mark. Each export is written to the access log with its filters
 * and row count; the rulebook (`exportRefusal`) says which roles may.
 */

const csv = {
  description: "The whole filtered list as CSV (UTF-8 with BOM, RFC 4180)",
  mediaTypes: ["text/csv"],
} as const;

export const exportCustomers = defineEndpoint({
  files: csv,
  access: { resource: "customer_list", action: "export", id: null },
  method: "GET",
  base: "api",
  path: "/staff/exports/customers",
  summary:
    "The customers list, every page, as CSV (the list's search, filters and sort) (managers, administrators)",
  query: customerSearchQuery,
});

export const exportJobs = defineEndpoint({
  files: csv,
  access: { resource: "job_list", action: "export", id: null },
  method: "GET",
  base: "api",
  path: "/staff/exports/jobs",
  summary:
    "The jobs list, every page, as CSV (the list's tab, filters, search and sort) (managers, administrators)",
  query: jobsQuery,
});

export const exportSubscribers = defineEndpoint({
  files: csv,
  access: { resource: "subscriber_list", action: "export", id: null },
  method: "GET",
  base: "api",
  path: "/staff/exports/newsletter-subscribers",
  summary: "Newsletter subscribers, every page, as CSV (the list's e-mail filter) (managers, administrators)",
  query: z.object({ email: z.string().max(200).optional() }),
});

export const exportOutbox = defineEndpoint({
  files: csv,
  access: { resource: "outbox_list", action: "export", id: null },
  method: "GET",
  base: "api",
  path: "/staff/exports/outbox",
  summary: "Every outbox message (or those of one status) as CSV, newest first (administrators)",
  query: z.object({ status: z.enum(outboxStatuses).optional() }),
});
