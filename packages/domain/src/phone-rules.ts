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
