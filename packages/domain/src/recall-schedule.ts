import { dayjs } from "./dates";
import { isSmsCountry, toSmsNumber } from "./phone-rules";
import { readyMessageSendAt } from "./ready-messages";
import {
  RECALL_CHANNELS,
  RECALL_QUIET_HOURS,
  RECALL_SPACING_DAYS,
  type RecallChannel,
  type RecallTrigger,
} from "./recall-rules";

// Issue 28: the rules the recall run and the recompute apply — when a recall falls due, whether a
// customer may get one, on which channel, and when the message may go. Days are calendar days
// ("YYYY-MM-DD") on the outlet's clock; instants are Dates.

const DAY = "YYYY-MM-DD";

/** The calendar day `months` after `day` (31 Jan + 1 month = 28/29 Feb, dayjs's end-of-month rule). */
export const addMonthsToDay = (day: string, months: number): string =>
  dayjs.utc(day).add(months, "month").format(DAY);

/** The calendar day `days` after (negative: before) `day`. */
export const addDaysToDay = (day: string, days: number): string =>
  dayjs.utc(day).add(days, "day").format(DAY);

/** Age in whole years on `day` for someone born on `dob` (a 29 Feb birthday turns on 28 Feb). */
export function ageOn(dob: string, day: string): number {
  return dayjs.utc(day).diff(dayjs.utc(dob), "year");
}

/** A record that can set a recall: a prescription or a completed job, on the outlet's day. */
export interface RecallRecord {
  kind: "prescription" | "job";
  id: number;
  trigger: RecallTrigger;
  /** The record's day (the prescription's, the job's completion). */
  day: string;
  /** A prescription's expiry date, where it has one. */
  expiry: string | null;
}

export interface RecallTypeRule {
  interval_months: number;
  triggers: readonly RecallTrigger[];
  use_expiry: boolean;
  min_age: number | null;
  max_age: number | null;
}

/** Whether the customer's age on the record's day is in the type's range (min inclusive, max exclusive); no birth date passes only a type without ages. */
export function ageFits(type: RecallTypeRule, dob: string | null, day: string): boolean {
  if (type.min_age == null && type.max_age == null) return true;
  if (!dob) return false;
  const age = ageOn(dob, day);
  if (type.min_age != null && age < type.min_age) return false;
  if (type.max_age != null && age >= type.max_age) return false;
  return true;
}

/**
 * The recall of a type that the customer's records set: from the latest qualifying record (its
 * trigger is the type's, the customer's age on its day fits), due on its expiry date when the type
 * says so and it has one, else its day plus the interval. Null when no record qualifies (a type
 * without triggers is set by hand only).
 */
export function recallDueFrom(
  type: RecallTypeRule,
  records: readonly RecallRecord[],
  dob: string | null,
): { due: string; record: RecallRecord } | null {
  let latest: RecallRecord | null = null;
  for (const r of records) {
    if (!type.triggers.includes(r.trigger)) continue;
    if (!ageFits(type, dob, r.day)) continue;
    // Latest by day; the same day: the higher id (entered later).
    if (!latest || r.day > latest.day || (r.day === latest.day && r.id > latest.id)) latest = r;
  }
  if (!latest) return null;
  const due =
    type.use_expiry && latest.expiry ? latest.expiry : addMonthsToDay(latest.day, type.interval_months);
  return { due, record: latest };
}

/** The recall trigger of a completed job's product, or null when it sets none (an add-on). */
export function jobRecallTrigger(p: {
  productTypeKey: string;
  parentTypeKey: string;
  lensesType: string | null;
}): RecallTrigger | null {
  if (p.parentTypeKey === "contact-lenses" || p.productTypeKey === "contact-lenses")
    return "job_contact_lenses";
  if (p.lensesType === "multifocal") return "job_multifocal";
  if (p.lensesType) return "job_single_vision";
  if (["glasses", "frames"].includes(p.parentTypeKey) || p.productTypeKey === "frames")
    return "job_frame_only";
  return null;
}

/** The prescription's recall trigger: type 1 spectacles, type 2 contact lenses. */
export const prescriptionRecallTrigger = (typeId: number): RecallTrigger | null =>
  typeId === 1 ? "spectacle_prescription" : typeId === 2 ? "contact_lens_prescription" : null;

/** Spec: "All" and "Only Health Subjects" allow recalls (a health message); "None" does not. */
export const recallConsent = (optIn: string | null | undefined): boolean =>
  optIn === "ALL" || optIn === "HEALTH";

/** What the run knows of a customer to choose a channel. */
export interface RecallContact {
  email: string | null;
  mobile: string | null;
  phone: string | null;
  channelEmail: boolean;
  channelSms: boolean;
  channelPhone: boolean;
  /** The region's country (SMS goes only to a mobile of one of our SMS countries). */
  country: string | null;
  /** The customer has a postal (billing) address. */
  hasAddress: boolean;
}

/** The customer's mobile in E.164 when an SMS may go to it, else null. */
export function recallSmsNumber(c: Pick<RecallContact, "mobile" | "country">): string | null {
  if (!c.mobile?.trim() || !isSmsCountry(c.country)) return null;
  return toSmsNumber(c.mobile, c.country);
}

/** Whether the customer can be reached on the channel and has not switched it off. */
export function channelUsable(channel: RecallChannel, c: RecallContact): boolean {
  switch (channel) {
    case "email":
      return Boolean(c.email?.trim()) && c.channelEmail;
    case "sms":
      return c.channelSms && recallSmsNumber(c) !== null;
    case "letter":
      // A letter goes to the customer's address: no channel switch covers post.
      return c.hasAddress;
    case "phone":
      return c.channelPhone && Boolean(c.phone?.trim() || c.mobile?.trim());
  }
}

export const RECALL_SKIP_REASONS = {
  noConsent: "No consent for health messages",
  noChannel: (planned: RecallChannel) =>
    `No usable ${CHANNEL_WORD[planned]} and the step allows no substitute`,
  noChannelAtAll: "No usable channel: no e-mail, mobile, address or phone the customer accepts",
  substituted: (planned: RecallChannel, used: RecallChannel) =>
    `No usable ${CHANNEL_WORD[planned]}: sent by ${CHANNEL_WORD[used]} instead`,
  typeChanged: "The recall type no longer has this step",
} as const;

const CHANNEL_WORD: Record<RecallChannel, string> = {
  email: "e-mail",
  sms: "SMS",
  letter: "letter",
  phone: "phone",
};

/**
 * The channel a step goes by: the planned one when usable; else, when the step allows it, the next
 * usable one in the order e-mail → SMS → letter → phone after the planned one, wrapping round to
 * the earlier ones last (a phone step for a customer with no phone still reaches them by e-mail).
 * `channel` null: skipped, with the reason.
 */
export function recallStepChannel(
  planned: RecallChannel,
  substitute: boolean,
  contact: RecallContact,
): { channel: RecallChannel | null; reason: string | null } {
  if (channelUsable(planned, contact)) return { channel: planned, reason: null };
  if (!substitute) return { channel: null, reason: RECALL_SKIP_REASONS.noChannel(planned) };
  const at = RECALL_CHANNELS.indexOf(planned);
  const order = [...RECALL_CHANNELS.slice(at + 1), ...RECALL_CHANNELS.slice(0, at)];
  const used = order.find((c) => channelUsable(c, contact));
  return used
    ? { channel: used, reason: RECALL_SKIP_REASONS.substituted(planned, used) }
    : { channel: null, reason: RECALL_SKIP_REASONS.noChannelAtAll };
}

/** The day a step falls due: the recall's due date plus the step's offset. */
export const recallStepDay = (dueDate: string, offsetDays: number): string =>
  addDaysToDay(dueDate, offsetDays);

/**
 * The 7-day spacing: a step due on `today` when the customer's last recall step went on
 * `lastSentDay` waits until 7 days after it. Answers null when it may go today, else the day it waits for.
 */
export function recallSpacingWait(today: string, lastSentDay: string | null): string | null {
  if (!lastSentDay) return null;
  const earliest = addDaysToDay(lastSentDay, RECALL_SPACING_DAYS);
  return today < earliest ? earliest : null;
}

/**
 * When a recall message queued at `now` may go: at once, or at the end of the quiet hours on the
 * outlet's wall clock (19:00–09:00) — a daylight-saving change moves the instant, not the wall time.
 */
export const recallSendAt = (now: Date, timeZone: string, quiet = RECALL_QUIET_HOURS): Date =>
  readyMessageSendAt(now, { ...quiet, cancelWindowMinutes: 0 }, timeZone);
