// Issue 28: the recall words and lists with no schema in them (triggers, channels, outcomes, step
// results and their labels), apart from recall-rules.ts so a screen that only shows recalls loads
// no zod: a module's top-level schemas are kept by the bundler whenever any export of it is used.

/** What can set a customer's recall of a type: a new prescription of a kind, or a completed job. */
export const RECALL_TRIGGERS = [
  "spectacle_prescription",
  "contact_lens_prescription",
  "job_single_vision",
  "job_multifocal",
  "job_contact_lenses",
  "job_frame_only",
] as const;
export type RecallTrigger = (typeof RECALL_TRIGGERS)[number];

export const RECALL_TRIGGER_LABELS: Record<RecallTrigger, string> = {
  spectacle_prescription: "New spectacle prescription",
  contact_lens_prescription: "New contact-lens prescription",
  job_single_vision: "Completed single vision job",
  job_multifocal: "Completed multifocal job",
  job_contact_lenses: "Completed contact-lens job",
  job_frame_only: "Completed frame-only job",
};

/** How a step reaches the customer. A letter goes on the outlet's daily letter PDF; a phone step onto its recall call list. */
export const RECALL_CHANNELS = ["email", "sms", "letter", "phone"] as const;
export type RecallChannel = (typeof RECALL_CHANNELS)[number];

export const RECALL_CHANNEL_LABELS: Record<RecallChannel, string> = {
  email: "E-mail",
  sms: "SMS",
  letter: "Letter",
  phone: "Phone call",
};

/** Where a recall stands: open until staff mark it booked or declined, or the customer came back. */
export const RECALL_OUTCOMES = ["open", "booked", "declined", "returned"] as const;
export type RecallOutcome = (typeof RECALL_OUTCOMES)[number];

export const RECALL_OUTCOME_LABELS: Record<RecallOutcome, string> = {
  open: "Open",
  booked: "Booked",
  declined: "Declined",
  returned: "Returned",
};

/** What became of one step. */
export const RECALL_STEP_STATUSES = ["queued", "sent", "skipped", "failed", "to_call", "called"] as const;
export type RecallStepStatus = (typeof RECALL_STEP_STATUSES)[number];

/** Days a recall counts as "returned" after a step: a new prescription or a job within them. */
export const RECALL_RETURN_DAYS = 90;
/** No customer gets two recall messages within this many days; the later one waits. */
export const RECALL_SPACING_DAYS = 7;
