import type { SmsSender } from "./sms.port";

/**
 * Twilio's REST API over fetch: no SDK needed for one call. `statusCallback` asks Twilio to post
 * each message's delivery status back to us (a failed or undelivered SMS lands on the outlet's
 * "call these customers" list); `apiUrl` points at the local stand-in in tests.
 */
export function createTwilioSender(
  accountSid: string,
  authToken: string,
  from: string,
  options: { apiUrl?: string; statusCallback?: string } = {},
): SmsSender {
  const base = (options.apiUrl ?? "https://api.twilio.com").replace(/\/$/, "");
  const url = `${base}/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const auth = Buffer.from(`${accountSid}:${authToken}`).toString("base64");
  return {
    name: "twilio",
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, From: from, Body: body });
      if (options.statusCallback) form.set("StatusCallback", options.statusCallback);
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Basic ${auth}`, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      const json = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!res.ok) throw new Error(json.message ?? `SMS provider answered ${res.status}`);
      return { messageId: json.sid ?? "" };
    },
  };
}
