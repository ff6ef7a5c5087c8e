/**
 * A local stand-in of Twilio's Messaging API for tests, built from Twilio's published shapes: the
 * Create Message call (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth with the
 * account SID and auth token, a form body of To, From, Body and StatusCallback; a 201 with the
 * Message resource, or a 400 with Twilio's error object), and the two webhooks Twilio posts to us,
 * signed with X-Twilio-Signature: a message's status callback (MessageSid, MessageStatus,
 * ErrorCode…) and an incoming message (MessageSid, From, To, Body, NumMedia…).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { twilioSignature } from "./twilio-signature";

export interface TwilioStandInMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

/** A webhook Twilio would post: where, the form, and its signature header. */
export interface TwilioWebhook {
  url: string;
  form: Record<string, string>;
  payload: string;
  headers: Record<string, string>;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: TwilioStandInMessage[];
  /** The next `n` sends are refused as Twilio refuses an invalid number (400, code 21211). */
  refuseNext(n?: number): void;
  /** The status callback Twilio would post for a sent message. */
  statusCallback(
    sid: string,
    status: "sent" | "delivered" | "undelivered" | "failed",
    errorCode?: string,
    /** The carrier's receipt time Twilio passes on with delivered and undelivered (YYMMDDhhmm). */
    rawDlrDoneDate?: string,
  ): TwilioWebhook;
  /** An incoming SMS to our number, as Twilio posts it to the number's messaging webhook. */
  incoming(url: string, from: string, body: string): TwilioWebhook;
  close(): Promise<void>;
}

const sid = (prefix: string) => prefix + randomBytes(16).toString("hex");

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = sid("AC");
  const authToken = randomBytes(16).toString("hex");
  const from = "+61400000000";
  const messages: TwilioStandInMessage[] = [];
  let refusals = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth)
      return json(401, {
        code: 20003,
        message: "Authenticate",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      });
    if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return json(404, { code: 20404, message: "The requested resource was not found", status: 404 });
    if (!form.To || !form.Body)
      return json(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    if (refusals > 0) {
      refusals--;
      return json(400, {
        code: 21211,
        message: `The 'To' number is not a valid phone number.`,
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      });
    }
    const message = {
      sid: sid("SM"),
      to: form.To,
      from: form.From,
      body: form.Body,
      statusCallback: form.StatusCallback ?? null,
    };
    messages.push(message);
    const now = new Date().toUTCString();
    return json(201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: message.body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
      to: message.to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const signed = (url: string, form: Record<string, string>): TwilioWebhook => ({
    url,
    form,
    payload: new URLSearchParams(form).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(authToken, url, form),
    },
  });

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    messages,
    refuseNext(n = 1) {
      refusals += n;
    },
    statusCallback(messageSid, status, errorCode, rawDlrDoneDate) {
      const m = messages.find((x) => x.sid === messageSid);
      if (!m?.statusCallback) throw new Error(`no status callback for ${messageSid}`);
      return signed(m.statusCallback, {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: m.from,
        MessageSid: m.sid,
        MessageStatus: status,
        SmsSid: m.sid,
        SmsStatus: status,
        To: m.to,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
        ...(rawDlrDoneDate ? { RawDlrDoneDate: rawDlrDoneDate } : {}),
      });
    },
    incoming(url, sender, body) {
      const messageSid = sid("SM");
      return signed(url, {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        Body: body,
        From: sender,
        FromCountry: "AU",
        MessageSid: messageSid,
        NumMedia: "0",
        NumSegments: "1",
        SmsMessageSid: messageSid,
        SmsSid: messageSid,
        SmsStatus: "received",
        To: from,
        ToCountry: "AU",
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
