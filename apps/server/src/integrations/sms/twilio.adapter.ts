import type { SmsSender } from "./sms.port";

/** Twilio's REST API over fetch: no SDK needed for one call. */
export function createTwilioSender(accountSid: string, authToken: string, from: string): SmsSender {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const auth = Buffer.from(`${accountSid}:${authToken}`).toString("base64");
  return {
    name: "twilio",
    async send({ to, body }) {
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Basic ${auth}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
      });
      const json = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!res.ok) throw new Error(json.message ?? `SMS provider answered ${res.status}`);
      return { messageId: json.sid ?? "" };
    },
  };
}
