import { z } from "zod";
import { dayjs } from "./dates";
import { isReadyStatus } from "./ready-statuses";

// Issue 27 §3–4: the ready-to-collect message (and the uncollected reminders) and the customer's
// status link. The rules here are the ones the server applies and the settings form checks.

/** A region's choices until an administrator saves its own (issue 27 defaults). */
export const READY_MESSAGE_DEFAULTS = {
  cancelWindowMinutes: 30,
  quietStart: "17:00",
  quietEnd: "08:00",
  reminderDays: [7, 21] as number[],
  smsTemplate:
    "Hi {{customer.first_name | there}}, your order {{job.invoice}} is ready to collect at {{outlet.name}}. {{link}}",
  emailSubject: "Your order {{job.invoice}} is ready to collect",
  emailTemplate:
    "Hi {{customer.first_name | there}},\n\nYour order {{job.invoice}} is ready to collect at {{outlet.name}}.\n\nSee its status and our opening hours: {{link}}\n",
};

export interface QuietHours {
  /** "HH:MM" on the outlet's wall clock; quiet from here… */
  quietStart: string;
  /** …to here (may be the next day: 17:00–08:00). Equal times mean no quiet hours. */
  quietEnd: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (hhmm: string) => {
  const m = HHMM.exec(hhmm);
  if (!m) throw new Error(`not a time of day: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** Whether an instant falls inside the quiet hours on the zone's wall clock. */
export function inQuietHours(at: Date, quiet: QuietHours, timeZone: string): boolean {
  const start = minutesOf(quiet.quietStart);
  const end = minutesOf(quiet.quietEnd);
  if (start === end) return false;
  const local = dayjs(at).tz(timeZone);
  const minute = local.hour() * 60 + local.minute();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a message queued at `now` may go: not before the cancel window has passed (staff can stop
 * it), and never inside the quiet hours of the outlet's zone — then at the end of them, on that
 * zone's wall clock (a daylight-saving change in between moves the instant, not the wall time).
 */
export function readyMessageSendAt(
  now: Date,
  rule: QuietHours & { cancelWindowMinutes: number },
  timeZone: string,
): Date {
  const earliest = new Date(now.getTime() + rule.cancelWindowMinutes * 60_000);
  if (!inQuietHours(earliest, rule, timeZone)) return earliest;
  const end = minutesOf(rule.quietEnd);
  const local = dayjs(earliest).tz(timeZone);
  const minute = local.hour() * 60 + local.minute();
  // The end of the quiet spell is today when we are before it on the clock, else tomorrow.
  const day = minute < end ? local : local.add(1, "day");
  const wall = `${day.format("YYYY-MM-DD")} ${rule.quietEnd}`;
  const endAt = dayjs.tz(wall, "YYYY-MM-DD HH:mm", timeZone).toDate();
  return endAt.getTime() > earliest.getTime() ? endAt : earliest;
}

export type MessageChannel = "sms" | "email";

/**
 * The channel a service message (ready to collect, a reminder) goes by: SMS when the customer has
 * a mobile and has not switched SMS off (or replied STOP), else e-mail likewise, else none (staff
 * call instead). The marketing opt-in (`new_opt_in`: offers, news, health subjects) does not apply:
 * this is about their own order, not marketing; the per-channel switches are the customer's word
 * on how they may be contacted, and they do apply.
 */
export function serviceMessageChannel(customer: {
  mobile: string | null;
  email: string | null;
  channelSms: boolean;
  channelEmail: boolean;
}): MessageChannel | null {
  if (customer.mobile?.trim() && customer.channelSms) return "sms";
  if (customer.email?.trim() && customer.channelEmail) return "email";
  return null;
}

/** The days after "ready" a reminder is due: ascending, distinct. */
export const reminderDaysSchema = z
  .array(z.number().int().min(1, "A reminder is at least 1 day after ready.").max(365))
  .max(3, "At most 3 reminders.")
  .refine((d) => d.every((v, i) => i === 0 || v > d[i - 1]), "Reminder days go up, each once.");

const timeOfDay = (field: string) => z.string().regex(HHMM, `${field} must be a time like 17:00.`);

/** The region's ready-message settings, as the form and the server check them. */
export const readyMessageSettingsSchema = z.object({
  ready_status_slugs: z.array(z.string().min(1).max(60)).min(1, "Choose at least one ready status.").max(10),
  cancel_window_minutes: z
    .number()
    .int()
    .min(0, "The cancel window cannot be negative.")
    .max(24 * 60, "The cancel window is at most a day."),
  quiet_start: timeOfDay("Quiet hours start"),
  quiet_end: timeOfDay("Quiet hours end"),
  reminder_days: reminderDaysSchema,
  sms_template: z.string().trim().min(1, "The SMS text is required.").max(480),
  email_subject: z.string().trim().min(1, "The e-mail subject is required.").max(200),
  email_template: z.string().trim().min(1, "The e-mail text is required.").max(5000),
});
export type ReadyMessageSettingsInput = z.infer<typeof readyMessageSettingsSchema>;

/**
 * The job's stage as the customer reads it on the status link: plain words, no status jargon, no
 * prescription, no price. `ready` is the region's choice of ready statuses.
 */
export function stageWords(slug: string, outletName: string, readyChoice?: readonly string[] | null): string {
  if (isReadyStatus(slug, readyChoice)) return `Ready to collect at ${outletName}`;
  switch (slug) {
    case "new-order":
    case "paid":
      return "We have your order";
    case "waiting-on-information":
      return `We need a word with you: please call ${outletName}`;
    case "lenses-ordered":
    case "in-progress":
    case "ready-to-edge":
    case "ready-to-pick":
      return "Your lenses are being made";
    case "ready-to-go":
      return "Your glasses are being checked";
    case "dispatched":
      return "On its way to you";
    case "collected-by-customer":
    case "completed":
      return "Collected: enjoy your new glasses";
    case "cancelled":
    case "refunded":
    case "refunded-transaction":
    case "voided":
      return "This order was cancelled";
    default:
      return "We are working on your order";
  }
}

/** What a queued, sent or failed customer message is called on the job. */
export const JOB_MESSAGE_KIND_LABEL = (kind: "ready" | "reminder", reminderDay: number) =>
  kind === "ready" ? "Ready to collect" : `Reminder (${reminderDay} days uncollected)`;

export const READY_MESSAGE_TEXT = {
  cancelled: "The message was cancelled.",
  notQueued: "Only a queued message can be cancelled: this one is already being sent, sent or cancelled.",
  stopped: "You will no longer get text messages from us. Reply UNSTOP to start again.",
  unstopped: "You will get text messages from us again. Reply STOP to stop.",
};
