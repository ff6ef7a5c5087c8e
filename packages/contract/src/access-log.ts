import { isDateOrInstant } from "@loupe/domain";
import { z } from "zod";
import { accessActions, accessResources, defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, pagedEnvelope } from "./envelope";

/** One access-log row as a privacy officer reads it (ADR 0013). */
export const accessLogEntryWire = z.object({
  seq: z.number(),
  occurred_at: z.string(),
  staff_id: z.number().nullable(),
  staff_name: z.string().nullable(),
  staff_role_id: z.number().nullable(),
  staff_outlet_id: z.number().nullable(),
  staff_region_id: z.number().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  screen: z.string().nullable(),
  route: z.string().nullable(),
  request_id: z.string().nullable(),
  address: z.string().nullable(),
  outcome: z.enum(["allowed", "refused", "failed"]),
  reason: z.string().nullable(),
  changed_fields: z.array(z.string()).nullable(),
});
export type AccessLogEntryWire = z.infer<typeof accessLogEntryWire>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "A date (YYYY-MM-DD).")
  .refine(isDateOrInstant, "A date (YYYY-MM-DD).");

export const accessReportQuery = z.object({
  /** Inclusive start and end; a bare date means that whole day in UTC. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  action: z.enum(accessActions).optional(),
  resource: z.enum(accessResources).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
  /** `csv` answers the whole filtered range as a CSV download instead of a page. */
  format: z.enum(["json", "csv"]).optional(),
});
export type AccessReportQuery = z.output<typeof accessReportQuery>;

export const customerAccessReport = defineEndpoint({
  files: { description: "The whole range as a CSV download (format=csv)", mediaTypes: ["text/csv"] },
  access: { resource: "access_log", action: "view", customer: "id" },
  method: "GET",
  base: "api",
  path: "/staff/access-log/customers/:id",
  summary: "Who accessed this customer's health records, between two dates (administrators)",
  params: idParams,
  query: accessReportQuery,
  response: pagedEnvelope(accessLogEntryWire),
});

export const staffAccessReport = defineEndpoint({
  files: { description: "The whole range as a CSV download (format=csv)", mediaTypes: ["text/csv"] },
  access: { resource: "access_log", action: "view", id: null },
  method: "GET",
  base: "api",
  path: "/staff/access-log/staff/:id",
  summary: "Which health records a staff member accessed, between two dates (administrators)",
  params: idParams,
  query: accessReportQuery,
  response: pagedEnvelope(accessLogEntryWire),
});

export const exportCustomerRecord = defineEndpoint({
  files: { description: "record.json and the customer's files, zipped", mediaTypes: ["application/zip"] },
  access: { resource: "record_export", action: "export", customer: "id", id: null },
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/record-export",
  summary:
    "Everything held about one customer as a zip (record.json plus the files), for an access request (administrators)",
  params: idParams,
});

export const retentionRuleWire = z.object({
  region_id: z.number(),
  region_name: z.string(),
  /** Years after a customer's last activity that their prescriptions, PDs and files are kept. */
  health_record_years: z.number(),
  /** Years an access-log row is kept. */
  access_log_years: z.number(),
  updated_at: z.string().nullable(),
});
export type RetentionRuleWire = z.infer<typeof retentionRuleWire>;

export const listRetentionRules = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/retention/rules",
  summary: "Retention periods per region (administrators)",
  response: dataEnvelope(z.array(retentionRuleWire)),
});

export const updateRetentionRule = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/retention/rules/:id",
  summary: "Set a region's retention periods (administrators)",
  params: idParams,
  body: z.strictObject({
    health_record_years: z.number().int().min(1).max(100),
    access_log_years: z.number().int().min(1).max(100),
  }),
  response: dataEnvelope(retentionRuleWire),
});

export const retentionPlanWire = z.object({
  as_of: z.string(),
  customers: z.array(
    z.object({
      region_id: z.number().nullable(),
      customer_id: z.number(),
      last_activity_at: z.string(),
      prescriptions: z.number(),
      pds: z.number(),
      files: z.number(),
    }),
  ),
  access_log: z.object({
    rows: z.number(),
    through_seq: z.number().nullable(),
    before: z.string().nullable(),
  }),
});
export type RetentionPlanWire = z.infer<typeof retentionPlanWire>;

export const retentionDryRun = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/retention/dry-run",
  summary: "What the retention rules would destroy now, without destroying it (administrators)",
  response: dataEnvelope(retentionPlanWire),
});

export const destructionWire = z.object({
  id: z.number(),
  destroyed_at: z.string(),
  staff_id: z.number().nullable(),
  rule: z.string(),
  kind: z.enum(["health_records", "access_log"]),
  region_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  counts: z.record(z.string(), z.number()),
  detail: z.record(z.string(), z.unknown()),
});
export type DestructionWire = z.infer<typeof destructionWire>;

export const runRetention = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/retention/destroy",
  summary: "Destroy what the retention rules say has expired, leaving a destruction record (administrators)",
  body: z.strictObject({ confirm: z.literal(true) }),
  response: dataEnvelope(z.array(destructionWire)),
});

export const listDestructions = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/retention/destructions",
  summary: "Destruction records, newest first (administrators)",
  response: dataEnvelope(z.array(destructionWire)),
});
