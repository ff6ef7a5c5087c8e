import type { Config } from "../../config";
import type { SmsSender } from "./sms.port";
import { createTwilioSender } from "./twilio.adapter";

export type { SmsMessage, SmsSender } from "./sms.port";

/** Twilio when its three settings are present; otherwise SMS wait in the outbox table. */
export function createSmsSender(
  config: Pick<Config, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM">,
): SmsSender | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = config;
  return sid && token && from ? createTwilioSender(sid, token, from) : null;
}
