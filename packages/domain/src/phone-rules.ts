import { parsePhoneNumberFromString as parseFullPhoneNumber } from "libphonenumber-js/max";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/mobile";

// SMS targets (customers-area §3, §8). libphonenumber-js is the one exception to "domain imports
// only zod" (ADR 0010): it is pure data and code, and its "mobile" metadata is what tells a mobile
// number from a landline, which no hand-written pattern does well for three numbering plans.

/** The countries we have outlets in, and so send SMS to. */
export const SMS_COUNTRIES = ["AU", "NZ", "CA"] as const;
export type SmsCountry = (typeof SMS_COUNTRIES)[number];

export const isSmsCountry = (code: string | null | undefined): code is SmsCountry =>
  (SMS_COUNTRIES as readonly string[]).includes(code ?? "");

/**
 * A mobile number as typed by staff, in the outlet's country unless it carries a `+` country code,
 * answered in E.164 (`+61412345678`) for the SMS provider; null when it is not a valid mobile of
 * one of our countries (a digit missing, a landline, another country). Accepts the usual spellings:
 * `0412 345 678`, `+61 (0)412 345 678`, `1-416-555-0199`.
 */
export function toSmsNumber(raw: string, country: SmsCountry): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode);
  if (!parsed?.isValid() || !isSmsCountry(parsed.country)) return null;
  return parsed.number;
}

/** True when the number is a valid mobile in the outlet's country, or in any of ours without one. */
export const isValidSmsNumber = (raw: string, country?: SmsCountry): boolean =>
  country ? toSmsNumber(raw, country) !== null : SMS_COUNTRIES.some((c) => toSmsNumber(raw, c) !== null);

/**
 * Whether a number (mobile or landline) is a real number of that country's plan, by the full
 * metadata: an outlet's phone printed on receipts and labels. Imported only where it is used (the
 * server), so the web app does not carry the full metadata.
 */
export function isValidPhoneNumber(raw: string, country: SmsCountry): boolean {
  const parsed = parseFullPhoneNumber(raw.trim(), country as CountryCode);
  return !!parsed?.isValid() && parsed.country === country;
}

/**
 * The digit strings a stored mobile may have for this E.164 number, however staff typed it: the
 * national number with its trunk 0 (AU, NZ: 0412345678) or 1 (CA: 16045550199), without it, and
 * with the country code (61412345678). An inbound SMS's sender is matched against these.
 */
export function mobileDigitForms(e164: string): string[] {
  const parsed = parseFullPhoneNumber(e164.trim());
  if (!parsed) return [];
  const national = String(parsed.nationalNumber);
  const trunk = parsed.countryCallingCode === "1" ? "1" : "0";
  return [...new Set([national, trunk + national, parsed.countryCallingCode + national])];
}

/** What an SMS reply asks for, by the keywords carriers and Twilio honour; null for anything else. */
export function smsReplyIntent(body: string): "stop" | "start" | null {
  const word = body.trim().toUpperCase();
  if (["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT"].includes(word)) return "stop";
  if (["START", "UNSTOP", "YES", "OPTIN"].includes(word)) return "start";
  return null;
}

/**
 * Where each delivery status stands in an outbound SMS's life, by Twilio's documented lifecycle
 * (queued → sending → sent → delivered / undelivered / failed → read). Reports can arrive out of
 * order; one for an earlier stage than the one already known is older and changes nothing.
 */
const SMS_DELIVERY_STAGES: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  canceled: 4,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  read: 5,
};

/** The stage of a delivery status, or null for one this lifecycle does not know. */
export function smsDeliveryStage(status: string): number | null {
  return SMS_DELIVERY_STAGES[status.trim().toLowerCase()] ?? null;
}

export interface SmsDeliveryReport {
  stage: number;
  /** The provider's own time of the event, when the report carries one. */
  at: Date | null;
}

/**
 * Whether a delivery report is newer than the one already kept: a later stage, or the same stage
 * at a later provider time. Without the provider's times, two reports of one stage are the same
 * news: the first stays (a repeat changes nothing).
 */
export function smsDeliveryReportIsNewer(report: SmsDeliveryReport, kept: SmsDeliveryReport | null): boolean {
  if (!kept) return true;
  if (report.stage !== kept.stage) return report.stage > kept.stage;
  return report.at !== null && kept.at !== null && report.at.getTime() > kept.at.getTime();
}
