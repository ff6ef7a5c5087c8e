import { z } from "zod";
import { RECALL_CHANNELS, RECALL_TRIGGERS } from "./recall-labels";

// Issue 28: recalls. The shapes an administrator's recall type takes, as the settings form and the
// server check them. The rules that act on them (due dates, consent, channels, spacing, quiet
// hours) live beside these, below.

export * from "./recall-labels";

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const recallStepSchema = z.object({
  /** Days from the due date: negative before it (-14: two weeks before), 0 on the day, positive after. */
  offset_days: z
    .number({ message: "Days from the due date must be a whole number." })
    .int("Days from the due date must be a whole number.")
    .min(-365, "A step is at most 365 days before the due date.")
    .max(365, "A step is at most 365 days after the due date."),
  channel: z.enum(RECALL_CHANNELS, { message: "Choose the step's channel." }),
  /** When the customer cannot be reached on this channel, use the next one they can (e-mail → SMS → letter → phone). */
  substitute: z.boolean(),
  /** E-mail subject (e-mail steps; ignored by the others). */
  subject: z.string().trim().max(200, "The subject is at most 200 characters.").default(""),
  /** The message, the letter's body or the caller's script. Placeholders: {{customer.first_name}}, {{outlet.name}}, {{outlet.phone}}, {{recall.due_date}}, {{recall.type}}. */
  template: z
    .string()
    .trim()
    .min(1, "The step's text is required.")
    .max(5000, "The step's text is at most 5000 characters."),
});
export type RecallStepInput = z.infer<typeof recallStepSchema>;

export const recallTypeSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "The recall type's name is required.")
      .max(80, "The name is at most 80 characters."),
    region_id: z.number().int().positive("Choose the region."),
    interval_months: z
      .number({ message: "The interval must be a whole number of months." })
      .int("The interval must be a whole number of months.")
      .min(1, "The interval is at least 1 month.")
      .max(120, "The interval is at most 120 months."),
    /** What sets it; empty: staff add it to a customer by hand (e.g. diabetic). */
    triggers: z.array(z.enum(RECALL_TRIGGERS)).max(RECALL_TRIGGERS.length),
    /** Due on the prescription's expiry date where it has one (else its date + the interval). */
    use_expiry: z.boolean(),
    /** Applies only to customers at least this old on the record's date (null: any age). */
    min_age: z.number().int().min(0).max(120).nullable(),
    /** …and younger than this (children under 16: 16). */
    max_age: z.number().int().min(1).max(130).nullable(),
    steps: z
      .array(recallStepSchema)
      .min(1, "A recall type needs at least one step.")
      .max(8, "At most 8 steps."),
    active: z.boolean(),
  })
  .refine((t) => t.min_age == null || t.max_age == null || t.min_age < t.max_age, {
    message: "The youngest age must be below the oldest.",
    path: ["max_age"],
  })
  .refine((t) => t.steps.every((s, i) => i === 0 || s.offset_days > t.steps[i - 1].offset_days), {
    message: "Steps go in order of their days, each on its own day.",
    path: ["steps"],
  })
  .refine((t) => t.steps.every((s) => s.channel !== "email" || s.subject.length > 0), {
    message: "An e-mail step needs a subject.",
    path: ["steps"],
  });
export type RecallTypeInput = z.infer<typeof recallTypeSchema>;

/** Recall quiet hours: no message leaves inside them on the outlet's clock (issue 27's rule). */
export const RECALL_QUIET_HOURS = { quietStart: "19:00", quietEnd: "09:00" } as const;

export const recallSnoozeSchema = z.object({
  /** The new due date (YYYY-MM-DD), after today. */
  until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Snooze until must be a date."),
  reason: z.string().trim().min(1, "Say why the recall is snoozed.").max(300),
});
export const recallTimeOfDay = HHMM;
