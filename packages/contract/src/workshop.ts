import { PROMISE_PRODUCT_KINDS, PROMISED_DATE_REASON_MAX, WORKSHOP_FILTERS } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, qId } from "./envelope";

// Issue 27 (ADR 0036): promised dates, the outlets' workshop settings and the outlet's day.

export const promisedDateWire = z.object({
  due_date: z.string().nullable(),
  promise_version: z.number(),
  at_risk_reason: z.string().nullable(),
});

export const changePromisedDate = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/orders/:id/promised-date",
  jobRule: { action: "promised_date", target: (r) => ({ order: r.params.id }) },
  summary: "Change a job's promised date, with a reason and the version read (stale: 409); on the timeline",
  params: idParams,
  // The service checks the day and the reason with the domain's rule, so the form's messages are the server's.
  serviceValidates: true,
  body: z.strictObject({
    due_date: z.string().max(10),
    reason: z.string().max(PROMISED_DATE_REASON_MAX * 2),
    // Required: the binder answers 428 without it (ADR 0027).
    version: expectedVersion,
  }),
  response: dataEnvelope(promisedDateWire),
});

const turnaround = z.strictObject(
  Object.fromEntries(PROMISE_PRODUCT_KINDS.map((k) => [k, z.number().int().min(0).max(60)])) as Record<
    (typeof PROMISE_PRODUCT_KINDS)[number],
    z.ZodNumber
  >,
);

export const workshopSettingsWire = z.object({
  outlet_id: z.number(),
  turnaround_days: turnaround,
  working_days: z.array(z.number()),
  uncollected_after_days: z.number(),
  version: z.number(),
  holidays: z.array(
    z.object({ id: z.number(), day: z.string(), name: z.string(), scope: z.enum(["region", "outlet"]) }),
  ),
});
export type WorkshopSettingsWire = z.infer<typeof workshopSettingsWire>;

export const getWorkshopSettings = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id/workshop-settings",
  outletRule: { action: "view_outlet", target: (r) => r.params.id },
  summary: "An outlet's turnaround by product kind, working days, uncollected limit and public holidays",
  params: idParams,
  response: dataEnvelope(workshopSettingsWire),
});

export const saveWorkshopSettings = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/outlets/:id/workshop-settings",
  outletRule: { action: "outlet_settings", target: (r) => r.params.id },
  summary: "Save an outlet's workshop settings (administrators; the version read, stale: 409)",
  params: idParams,
  body: z.strictObject({
    turnaround_days: turnaround,
    working_days: z.array(z.number().int().min(1).max(7)).min(1, "Choose at least one working day.").max(7),
    uncollected_after_days: z.number().int().min(1).max(365),
    version: expectedVersion,
  }),
  response: dataEnvelope(workshopSettingsWire),
});

export const addPublicHoliday = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/outlets/:id/public-holidays",
  outletRule: { action: "outlet_settings", target: (r) => r.params.id },
  summary: "Add a public holiday for the outlet, or for its whole region (administrators)",
  params: idParams,
  body: z.strictObject({
    day: z.iso.date({ error: "The day must be a date (YYYY-MM-DD)." }),
    name: z.string().trim().min(1, "The holiday's name is required.").max(100),
    scope: z.enum(["region", "outlet"]),
  }),
  response: dataEnvelope(workshopSettingsWire),
});

export const removePublicHoliday = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/outlets/:id/public-holidays/:holidayId",
  outletRule: { action: "outlet_settings", target: (r) => r.params.id },
  summary: "Remove a public holiday (administrators)",
  params: z.object({ id: qId, holidayId: qId }),
  response: dataEnvelope(workshopSettingsWire),
});

const counts = z.object(
  Object.fromEntries(WORKSHOP_FILTERS.map((f) => [f, z.number()])) as Record<
    (typeof WORKSHOP_FILTERS)[number],
    z.ZodNumber
  >,
);

export const outletDayWire = z.object({
  outlet: z.object({ id: z.number(), name: z.string(), time_zone: z.string() }),
  /** The outlet's day (YYYY-MM-DD) on its own clock. */
  today: z.string(),
  /** Jobs made at the outlet still in the workshop, by status. */
  stages: z.array(
    z.object({ status_id: z.number(), slug: z.string(), display_name: z.string(), total: z.number() }),
  ),
  counts,
  /** Ready-to-collect messages waiting or failed (issue 27 point 3); null until that part is there. */
  messages: z.object({ waiting: z.number(), failed: z.number() }).nullable(),
  /** The jobs promised for today, soonest made first. */
  promised_today: z.array(
    z.object({
      id: z.number(),
      vend_invoice_number: z.string(),
      customer_name: z.string(),
      status: z.string(),
      is_ready: z.boolean(),
    }),
  ),
});
export type OutletDayWire = z.infer<typeof outletDayWire>;

export const getOutletDay = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/outlet-day",
  outletRule: { action: "outlet_day", target: (r) => r.query.outlet_id },
  summary: "The outlet's day on one screen: jobs by stage, late, at risk, ready, uncollected, promised today",
  query: z.object({ outlet_id: qId }),
  response: dataEnvelope(outletDayWire),
});
