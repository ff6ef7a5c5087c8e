import type { Config } from "../../config";
import type { SmsSender } from "./sms.port";
import { createTwilioSender } from "./twilio.adapter";

export type { SmsMessage, SmsSender } from "./sms.port";
export { twilioDoneDate } from "./twilio-done-date";
export { TWILIO_SIGNATURE_HEADER, twilioSignature, verifyTwilioSignature } from "./twilio-signature";

/** Where Twilio posts an SMS's delivery reports and replies to our number (issue 27). */
export const TWILIO_STATUS_PATH = "/api/sms/twilio/status";
export const TWILIO_INBOUND_PATH = "/api/sms/twilio/inbound";

/** Twilio when its three settings are present; otherwise SMS wait in the outbox table. */
export function createSmsSender(
  config: Pick<Config, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_API_URL"> & {
    publicUrl?: string;
  },
): SmsSender | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = config;
  return sid && token && from
    ? createTwilioSender(sid, token, from, {
        apiUrl: config.TWILIO_API_URL,
        statusCallback: config.publicUrl ? `${config.publicUrl}${TWILIO_STATUS_PATH}` : undefined,
      })
    : null;
}
