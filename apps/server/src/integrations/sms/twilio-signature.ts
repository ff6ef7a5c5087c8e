import { createHmac, timingSafeEqual } from "node:crypto";

/** The header Twilio signs its webhooks with. */
export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

/**
 * Twilio's webhook signature, as Twilio documents it: the full URL Twilio requested, then each
 * POST parameter's name and value appended, names sorted; HMAC-SHA1 with the account's auth token;
 * base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether a webhook came from Twilio: the signature over this URL and these parameters matches. */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
